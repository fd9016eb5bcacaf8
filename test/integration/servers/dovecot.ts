/**
 * A real Dovecot IMAP server on 127.0.0.1 for the mail integration tests: a generated config in
 * a temp folder, passwd-file auth with a plain password (or, with `oauth2`, Dovecot's oauth2
 * passdb: XOAUTH2 and OAUTHBEARER checked by token introspection against an authorization
 * server), maildir storage owned by `nobody`, no TLS (loopback only). Under CI=true a missing Dovecot fails; elsewhere the suite skips and says
 * why (`DOVECOT_MISSING`).
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { chmodSync, chownSync, existsSync, mkdirSync, mkdtempSync, openSync, rmSync, writeFileSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir, userInfo } from 'node:os';
import { join } from 'node:path';
import { ImapFlow } from 'imapflow';
import { onFreePort } from './ports';

export const DOVECOT_BIN = '/usr/sbin/dovecot';
/** Dovecot's local delivery agent: what an MTA runs to file a message it accepted. */
export const DOVECOT_LDA = '/usr/lib/dovecot/dovecot-lda';

/** Why the Dovecot suites cannot run here, or null when they can. Throws under CI=true. */
export function dovecotMissing(): string | null {
  if (existsSync(DOVECOT_BIN)) return null;
  const why = `Dovecot is not installed (${DOVECOT_BIN}); install it with: sudo apt-get install dovecot-imapd`;
  if (process.env.CI === 'true') throw new Error(why);
  process.stderr.write(`skipping the Dovecot integration tests: ${why}\n`);
  return why;
}

export interface DovecotServer {
  readonly host: '127.0.0.1';
  readonly port: number;
  readonly user: string;
  readonly password: string;
  readonly dir: string;
  /** Files messages straight into a folder's maildir (fast seeding; Dovecot picks them up). */
  writeMaildir(folder: string, messages: readonly { raw: string | Buffer; seen?: boolean }[]): void;
  /**
   * Delivers a message as the MTA does once it has accepted it: through `dovecot-lda`, which files
   * it in the INBOX as given (it adds no header of its own).
   */
  deliver(raw: string, envelopeFrom: string): void;
  /** A logged-in client for changing the mailbox the way another mail program would. */
  client(): Promise<ImapFlow>;
  /** Kills the server, keeping its mail (the "server went down" case). */
  kill(): Promise<void>;
  /** Starts it again on the same port with the same mail. */
  restart(): Promise<void>;
  /** Kills it and removes its folder. */
  stop(): Promise<void>;
}

/**
 * Resolves once the server answers with its own IMAP greeting: another process's server on the
 * port (it took the port first; this one then exits) is not taken for it.
 */
async function waitForGreeting(port: number, greeting: string, child: ChildProcess, log: string): Promise<void> {
  const deadline = Date.now() + 20_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`dovecot exited with ${child.exitCode}; see ${log}`);
    const ok = await new Promise<boolean>((resolve) => {
      const sock = connect(port, '127.0.0.1');
      sock.setTimeout(1000);
      sock.once('data', (d) => {
        sock.destroy();
        resolve(d.toString().startsWith('* OK') && d.toString().includes(greeting));
      });
      sock.once('error', () => resolve(false));
      sock.once('timeout', () => {
        sock.destroy();
        resolve(false);
      });
    });
    if (ok) return;
    if (Date.now() > deadline) throw new Error(`dovecot did not greet on port ${port}; see ${log}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

const NOBODY = { uid: 65534, gid: 65534 };

/** Dovecot's oauth2 passdb: tokens introspected (RFC 7662) at `url`, the `sub` being the login name. */
export interface DovecotOAuth2 {
  /** The introspection endpoint, with the resource server's client id and secret in it. */
  readonly introspectionUrl: string;
}

function passdb(dir: string, oauth2: DovecotOAuth2 | undefined): string {
  if (!oauth2)
    return `passdb {
  driver = passwd-file
  args = scheme=PLAIN username_format=%u ${dir}/passwd
}`;
  writeFileSync(
    join(dir, 'oauth2.conf'),
    `introspection_mode = post
introspection_url = ${oauth2.introspectionUrl}
username_attribute = sub
active_attribute = active
active_value = true
`,
    { mode: 0o644 },
  );
  return `passdb {
  driver = oauth2
  mechanisms = xoauth2 oauthbearer
  args = ${dir}/oauth2.conf
}`;
}

function config(dir: string, port: number, greeting: string, oauth2?: DovecotOAuth2, trash?: string): string {
  // Dovecot runs its login and auth processes as these users; tests run as root.
  const root = userInfo().uid === 0;
  return `
protocols = imap
listen = 127.0.0.1
base_dir = ${dir}/run
state_dir = ${dir}/state
instance_name = zamburak-test-${port}
log_path = ${dir}/dovecot.log
login_greeting = ${greeting}
ssl = no
disable_plaintext_auth = no
auth_mechanisms = ${oauth2 ? 'xoauth2 oauthbearer' : 'plain login'}
# Tests log in with wrong passwords on purpose; no need to wait 2 s each time.
auth_failure_delay = 0
${root ? 'default_login_user = dovenull\ndefault_internal_user = dovecot' : ''}
mail_location = maildir:${dir}/mail/%u
mail_uid = ${NOBODY.uid}
mail_gid = ${NOBODY.gid}
first_valid_uid = 1
first_valid_gid = 1
${passdb(dir, oauth2)}
userdb {
  driver = static
  args = uid=${NOBODY.uid} gid=${NOBODY.gid} home=${dir}/mail/%u
}
${trash ? `namespace inbox {\n  inbox = yes\n  mailbox "${trash}" {\n    special_use = \\Trash\n    auto = create\n  }\n}` : ''}
service imap-login {
  inet_listener imap {
    address = 127.0.0.1
    port = ${port}
  }
  inet_listener imaps {
    port = 0
  }
}
`;
}

/** Maildir++ folder path: INBOX is the root, `Archive` is `.Archive`. */
const maildirOf = (mailRoot: string, folder: string): string =>
  folder === 'INBOX' ? mailRoot : join(mailRoot, `.${folder.replace(/\//g, '.')}`);

function chownTree(path: string, names: readonly string[]): void {
  chownSync(path, NOBODY.uid, NOBODY.gid);
  for (const n of names) chownSync(join(path, n), NOBODY.uid, NOBODY.gid);
}

export async function startDovecot(
  /** `trash`: the name of a folder the server flags as the trash (RFC 6154 `\Trash`). */
  o: { user?: string; password?: string; oauth2?: DovecotOAuth2; trash?: string } = {},
): Promise<DovecotServer> {
  const user = o.user ?? 'alice';
  const password = o.password ?? randomBytes(9).toString('base64url');
  const dir = mkdtempSync(join(tmpdir(), 'zamburak-dovecot-'));
  chmodSync(dir, 0o755); // the login, auth and mail users must traverse it
  for (const d of ['run', 'state', 'mail']) mkdirSync(join(dir, d), { mode: 0o755 });
  const mailRoot = join(dir, 'mail', user);
  mkdirSync(mailRoot, { mode: 0o700 });
  for (const d of ['cur', 'new', 'tmp']) mkdirSync(join(mailRoot, d));
  chownTree(mailRoot, ['cur', 'new', 'tmp']);
  writeFileSync(join(dir, 'passwd'), `${user}:{PLAIN}${password}::::::\n`, { mode: 0o644 });
  const conf = join(dir, 'dovecot.conf');
  const log = join(dir, 'dovecot.log');
  const greeting = `zamburak-test-${randomBytes(6).toString('hex')} ready`;
  let port = 0;
  let child: ChildProcess | null = null;
  let seq = 0;

  const start = async () => {
    // A log file, never a pipe: a full pipe would stall the server.
    const out = openSync(join(dir, 'stdout.log'), 'a');
    // Its own process group, so `kill` takes down the imap and auth processes too.
    child = spawn(DOVECOT_BIN, ['-F', '-c', conf], { stdio: ['ignore', out, out], detached: true });
    await waitForGreeting(port, greeting, child, log);
  };
  const kill = async () => {
    const c = child;
    child = null;
    if (!c || c.exitCode !== null) return;
    await new Promise<void>((resolve) => {
      c.once('exit', () => resolve());
      process.kill(-c.pid!, 'SIGKILL');
    });
    // Dovecot's children (imap, auth) exit when the master's pipes close; wait for the port.
    for (let i = 0; i < 100; i++) {
      const open = await new Promise<boolean>((resolve) => {
        const s = connect(port, '127.0.0.1');
        s.once('connect', () => {
          s.destroy();
          resolve(true);
        });
        s.once('error', () => resolve(false));
      });
      if (!open) return;
      await new Promise((r) => setTimeout(r, 50));
    }
  };
  await onFreePort(async (free) => {
    port = free;
    writeFileSync(conf, config(dir, port, greeting, o.oauth2, o.trash), { mode: 0o644 });
    // Not started (the port was taken, or no greeting came): nothing of it is left running.
    await start().catch(async (e: unknown) => {
      await kill();
      throw e;
    });
  });

  return {
    host: '127.0.0.1',
    port,
    user,
    password,
    dir,
    writeMaildir(folder, messages) {
      const md = maildirOf(mailRoot, folder);
      if (!existsSync(md)) {
        mkdirSync(md);
        for (const d of ['cur', 'new', 'tmp']) mkdirSync(join(md, d));
        writeFileSync(join(md, 'maildirfolder'), '');
        chownTree(md, ['cur', 'new', 'tmp', 'maildirfolder']);
      }
      const t = Math.floor(Date.now() / 1000);
      for (const m of messages) {
        // Names sort in the order given, so Dovecot assigns UIDs in that order.
        const name = `${t}.M${String(++seq).padStart(8, '0')}P${process.pid}.zamburak-test`;
        const file = m.seen ? join(md, 'cur', `${name}:2,S`) : join(md, 'new', name);
        // Bytes are written as given (a hostile message need not be UTF-8), with LF line ends.
        writeFileSync(file, typeof m.raw === 'string' ? m.raw.replace(/\r?\n/g, '\n') : m.raw);
        chownSync(file, NOBODY.uid, NOBODY.gid);
      }
    },
    deliver(raw, envelopeFrom) {
      const r = spawnSync(DOVECOT_LDA, ['-c', conf, '-d', user, '-f', envelopeFrom], { input: raw });
      if (r.status !== 0) throw new Error(`dovecot-lda exited with ${r.status}: ${r.stderr.toString()}`);
    },
    async client() {
      const c = new ImapFlow({ host: '127.0.0.1', port, secure: false, auth: { user, pass: password }, logger: false });
      await c.connect();
      return c;
    },
    kill,
    restart: start,
    async stop() {
      await kill();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** A small RFC 5322 message. */
export function rawMessage(o: {
  n: number;
  from?: string;
  to?: string;
  subject?: string;
  date?: Date;
  body?: string;
  inReplyTo?: string;
}): string {
  const date = o.date ?? new Date(Date.UTC(2026, 0, 1) + o.n * 60_000);
  return [
    `From: ${o.from ?? `Sender ${o.n} <sender${o.n}@example.test>`}`,
    `To: ${o.to ?? 'Alice <alice@example.test>'}`,
    `Subject: ${o.subject ?? `Message ${o.n}`}`,
    `Date: ${date.toUTCString()}`,
    `Message-ID: <m${o.n}@example.test>`,
    ...(o.inReplyTo ? [`In-Reply-To: ${o.inReplyTo}`, `References: ${o.inReplyTo}`] : []),
    'MIME-Version: 1.0',
    'Content-Type: text/plain; charset=utf-8',
    '',
    o.body ?? `Body of message ${o.n}.`,
    '',
  ].join('\r\n');
}
