/**
 * An SMTP server on 127.0.0.1 (smtp-server) that keeps what it receives. By default it accepts
 * any login; with `oauth` it is a submission server that requires XOAUTH2 and checks each
 * token by asking the authorization server (introspection), as a real provider's server does.
 */
import { SMTPServer } from 'smtp-server';

export interface CapturedMail {
  readonly from: string;
  readonly to: string[];
  readonly raw: string;
}

export interface SmtpCapture {
  readonly port: number;
  readonly received: CapturedMail[];
  /**
   * The next `count` messages are refused after their data with `code` (451: a temporary
   * failure, as a server out of resources answers; 550: for good), and not kept.
   */
  refuseNext(count: number, code?: number): void;
  stop(): Promise<void>;
}

export interface SmtpOAuth {
  /** Whether `token` is an active token of `user` (RFC 7662 introspection). */
  readonly check: (user: string, token: string) => Promise<boolean>;
}

/** `size`: the largest message it accepts, announced in its EHLO answer (SIZE) as real servers do. */
export async function startSmtpCapture(
  o: { size?: number; oauth?: SmtpOAuth; authMethods?: string[] } = {},
): Promise<SmtpCapture> {
  const received: CapturedMail[] = [];
  const oauth = o.oauth;
  let refusals = { count: 0, code: 451 };
  const smtp = new SMTPServer({
    authOptional: !oauth && !o.authMethods,
    allowInsecureAuth: true,
    disabledCommands: ['STARTTLS'],
    ...(o.size ? { size: o.size } : {}),
    ...(oauth ? { authMethods: ['XOAUTH2'] } : o.authMethods ? { authMethods: o.authMethods } : {}),
    onAuth: (auth, _s, cb) => {
      if (!oauth) return cb(null, { user: auth.username });
      if (auth.method !== 'XOAUTH2' || !auth.accessToken) return cb(new Error('XOAUTH2 only'));
      void oauth.check(auth.username ?? '', auth.accessToken).then(
        // RFC 6749 style failure: smtp-server sends it as the 334 challenge XOAUTH2 defines.
        (ok) => (ok ? cb(null, { user: auth.username }) : cb(null, { data: { status: '401', schemes: 'bearer' } })),
        (e: Error) => cb(e),
      );
    },
    onData(stream, session, cb) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        if (refusals.count > 0) {
          refusals.count--;
          const refused = Object.assign(new Error(refusals.code >= 500 ? 'Message refused' : 'Try again later'), {
            responseCode: refusals.code,
          });
          return cb(refused);
        }
        received.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address),
          raw: Buffer.concat(chunks).toString(),
        });
        cb();
      });
    },
  });
  await new Promise<void>((ok) => smtp.listen(0, '127.0.0.1', () => ok()));
  return {
    port: (smtp.server.address() as { port: number }).port,
    received,
    refuseNext: (count, code = 451) => (refusals = { count, code }),
    stop: () => new Promise<void>((ok) => smtp.close(() => ok())),
  };
}
