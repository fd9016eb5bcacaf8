/**
 * How an account authenticates to its SMTP server, chosen from what the server advertises:
 * a password with PLAIN or LOGIN, an OAuth access token with XOAUTH2 or OAUTHBEARER (RFC 7628).
 * Left to itself nodemailer picks the server's first mechanism, so a password account on a
 * server that offers only XOAUTH2 crashed inside it with a TypeError; here it fails saying
 * what the server wants.
 */
import type SMTPTransport from 'nodemailer/lib/smtp-transport';
import type { Credential } from '../mail/connect';

type CustomAuth = NonNullable<SMTPTransport.Options['customAuth']>[string];
type Ctx = Parameters<CustomAuth>[0];

const METHOD = 'ZAMBURAK';
const b64 = (s: string) => Buffer.from(s, 'utf8').toString('base64');

/** Sends one SASL step; anything but `expect` fails with the server's own words. */
async function step(ctx: Ctx, command: string, expect: number, what: string): Promise<void> {
  const r = await ctx.sendCommand(command);
  if (r.status !== expect) throw new Error(`${what}: ${r.text || r.response}`);
}

/** The mechanisms the server advertised, as nodemailer recognised them (PLAIN, LOGIN, CRAM-MD5, XOAUTH2). */
const offered = (ctx: Ctx): string[] => ctx.authMethods.map((m) => m.toUpperCase());

function passwordAuth(where: string, user: string, pass: string): CustomAuth {
  return async (ctx) => {
    const methods = offered(ctx);
    const refused = `${where} refused the user name or password for ${JSON.stringify(user)}`;
    // A server that advertises nothing gets PLAIN, as nodemailer itself would send.
    if (methods.length === 0 || methods.includes('PLAIN'))
      return step(ctx, `AUTH PLAIN ${b64(`\0${user}\0${pass}`)}`, 235, refused);
    if (methods.includes('LOGIN')) {
      await step(ctx, 'AUTH LOGIN', 334, `${where} refused AUTH LOGIN`);
      await step(ctx, b64(user), 334, refused);
      return step(ctx, b64(pass), 235, refused);
    }
    throw new Error(
      `${where} does not accept a password (it offers ${methods.join(', ')}): ` +
        (methods.includes('XOAUTH2') ? 'add the account with --oauth to sign in instead' : 'this account cannot send'),
    );
  };
}

function tokenAuth(where: string, user: string, token: string, onRefused: () => void): CustomAuth {
  return async (ctx) => {
    const refused = `${where} refused the access token for ${JSON.stringify(user)}`;
    if (offered(ctx).includes('XOAUTH2')) {
      const r = await ctx.sendCommand(`AUTH XOAUTH2 ${b64(`user=${user}\x01auth=Bearer ${token}\x01\x01`)}`);
      if (r.status === 235) return;
      // Google answers a bad token with a 334 JSON challenge; an empty line ends the exchange.
      if (r.status === 334) await ctx.sendCommand('').catch(() => undefined);
      onRefused();
      throw new Error(refused);
    }
    // nodemailer does not list OAUTHBEARER among what it recognises: try it, and a server
    // without it answers 504 (RFC 4954), which says what is wrong.
    const r = await ctx.sendCommand(`AUTH OAUTHBEARER ${b64(`n,a=${user},\x01auth=Bearer ${token}\x01\x01`)}`);
    if (r.status === 235) return;
    if (r.status === 504 || r.status === 500 || r.status === 502)
      throw new Error(`${where} does not offer OAuth sign-in (neither XOAUTH2 nor OAUTHBEARER)`);
    // RFC 7628 §3.2.3: a failure comes as a 334 challenge the client must answer with ^A.
    if (r.status === 334) await ctx.sendCommand(b64('\x01')).catch(() => undefined);
    onRefused();
    throw new Error(refused);
  };
}

/**
 * The SMTP transport options that authenticate `user` with `c`; `onTokenRefused` hears when the
 * server refused an access token (the caller refreshes it and tries again).
 */
export function smtpAuth(
  where: string,
  user: string,
  c: Credential,
  onTokenRefused: () => void = () => undefined,
): Pick<SMTPTransport.Options, 'auth' | 'customAuth'> {
  const handler =
    typeof c === 'string' ? passwordAuth(where, user, c) : tokenAuth(where, user, c.accessToken, onTokenRefused);
  return { auth: { type: 'custom', method: METHOD, user, pass: '' }, customAuth: { [METHOD]: handler } };
}
