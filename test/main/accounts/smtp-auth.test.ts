/**
 * SMTP authentication chosen from what a real smtp-server advertises: a password over PLAIN or
 * LOGIN, an access token over XOAUTH2, and every mismatch failing with a sentence that says what
 * the server wants (a password account on an XOAUTH2-only server used to crash inside
 * nodemailer with a TypeError), also through an account's outbox transport.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import nodemailer from 'nodemailer';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addAccount } from '../../../main/accounts/accounts';
import { smtpAuth } from '../../../main/accounts/smtp-auth';
import { accountTransports, transportNameOf } from '../../../main/accounts/transports';
import type { Credential } from '../../../main/mail/connect';
import { TransportError } from '../../../main/outbox/transport';
import { profileLookups } from '../../../main/mail/effect-lookups';
import { effectHash, effectOf } from '../../../engine/tools/effect';
import { openProfile } from '../../../main/profile/profile';

const GOOD = { user: 'alice', pass: 'right-password', token: 'good-token' };

interface Server {
  readonly port: number;
  readonly methods: string[];
  stop(): Promise<void>;
}

/** A submission server offering `authMethods` that accepts only GOOD's password or token. */
async function server(authMethods: string[]): Promise<Server> {
  const methods: string[] = [];
  const s = new SMTPServer({
    authMethods,
    allowInsecureAuth: true,
    disabledCommands: ['STARTTLS'],
    onAuth(auth, _session, cb) {
      methods.push(auth.method);
      const ok = auth.method === 'XOAUTH2' ? auth.accessToken === GOOD.token : auth.password === GOOD.pass;
      if (ok && auth.username === GOOD.user) return cb(null, { user: auth.username });
      if (auth.method === 'XOAUTH2') return cb(null, { data: { status: '401', schemes: 'bearer' } });
      return cb(new Error('Invalid username or password'));
    },
    onData(stream, _session, cb) {
      stream.resume();
      stream.on('end', () => cb());
    },
  });
  await new Promise<void>((ok) => s.listen(0, '127.0.0.1', () => ok()));
  return {
    port: (s.server.address() as { port: number }).port,
    methods,
    stop: () => new Promise<void>((ok) => s.close(() => ok())),
  };
}

const servers: Record<string, Server> = {};
beforeAll(async () => {
  servers.plain = await server(['PLAIN']);
  servers.login = await server(['LOGIN']);
  servers.xoauth2 = await server(['XOAUTH2']);
});
afterAll(() => Promise.all(Object.values(servers).map((s) => s.stop())));

function send(s: Server, c: Credential, onRefused?: () => void) {
  return nodemailer
    .createTransport({
      host: '127.0.0.1',
      port: s.port,
      secure: false,
      ignoreTLS: true,
      ...smtpAuth(`127.0.0.1:${s.port}`, GOOD.user, c, onRefused),
    })
    .sendMail({ from: 'alice@example.test', to: 'bob@example.test', subject: 'Hi', text: 'Hello' });
}

describe('SMTP authentication', () => {
  it('sends a password with PLAIN or LOGIN, whichever the server offers', async () => {
    await send(servers.plain!, GOOD.pass);
    await send(servers.login!, GOOD.pass);
    expect(servers.plain!.methods).toEqual(['PLAIN']);
    expect(servers.login!.methods).toEqual(['LOGIN']);
    await expect(send(servers.plain!, 'wrong')).rejects.toThrow(/refused the user name or password for "alice"/);
  });

  it('sends an access token with XOAUTH2, and hears when the server refuses one', async () => {
    await send(servers.xoauth2!, { accessToken: GOOD.token });
    let refused = 0;
    await expect(send(servers.xoauth2!, { accessToken: 'stale' }, () => refused++)).rejects.toThrow(
      /refused the access token for "alice"/,
    );
    expect(refused).toBe(1);
  });

  it('says what the server wants when a password meets an XOAUTH2-only server', async () => {
    const e = await send(servers.xoauth2!, GOOD.pass).catch((x: unknown) => x as Error);
    expect(e).not.toBeInstanceOf(TypeError);
    expect((e as Error).message).toMatch(
      /does not accept a password \(it offers XOAUTH2\): add the account with --oauth/,
    );
  });

  it('says the server offers no OAuth when a token meets a password-only server', async () => {
    await expect(send(servers.plain!, { accessToken: GOOD.token })).rejects.toThrow(
      /does not offer OAuth sign-in \(neither XOAUTH2 nor OAUTHBEARER\)/,
    );
  });

  it('fails the commit of a password account on an XOAUTH2-only server permanently, saying why', async () => {
    const p = openProfile(join(mkdtempSync(join(tmpdir(), 'zamburak-smtp-auth-')), 'p'));
    try {
      const a = await addAccount(p, {
        name: 'work',
        email: 'alice@example.test',
        imap: { host: '127.0.0.1', port: 1, security: 'plain', user: GOOD.user },
        password: GOOD.pass,
        smtp: { host: '127.0.0.1', port: servers.xoauth2!.port },
      });
      const t = accountTransports(p).get(transportNameOf(a))!;
      const action = { tool: 'sendEmail', args: { to: ['bob@example.test'], subject: 'Hi', body: 'Hello' } };
      // The hash a card would carry: the transport refuses any other before it reaches the server.
      const contentHash = effectHash(effectOf(action.tool, action.args, profileLookups(p, a)));
      const e = await t
        .commit({
          claimId: 'c1',
          action,
          contentHash,
          messageId: '<c1@example.test>',
          attempt: 1,
        })
        .catch((x: unknown) => x);
      expect(e).toBeInstanceOf(TransportError);
      expect((e as TransportError).kind).toBe('permanent');
      expect((e as TransportError).message).toMatch(/does not accept a password \(it offers XOAUTH2\)/);
    } finally {
      p.close();
    }
  });
});
