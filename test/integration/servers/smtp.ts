/** An SMTP server on 127.0.0.1 (smtp-server) that accepts any login and keeps what it receives. */
import { SMTPServer } from 'smtp-server';

export interface CapturedMail {
  readonly from: string;
  readonly to: string[];
  readonly raw: string;
}

export interface SmtpCapture {
  readonly port: number;
  readonly received: CapturedMail[];
  stop(): Promise<void>;
}

/** `size`: the largest message it accepts, announced in its EHLO answer (SIZE) as real servers do. */
export async function startSmtpCapture(o: { size?: number } = {}): Promise<SmtpCapture> {
  const received: CapturedMail[] = [];
  const smtp = new SMTPServer({
    authOptional: true,
    allowInsecureAuth: true,
    disabledCommands: ['STARTTLS'],
    ...(o.size ? { size: o.size } : {}),
    onAuth: (auth, _s, cb) => cb(null, { user: auth.username }),
    onData(stream, session, cb) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
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
    stop: () => new Promise<void>((ok) => smtp.close(() => ok())),
  };
}
