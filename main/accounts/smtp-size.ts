/**
 * The largest message an account's SMTP server accepts, as it says in its EHLO answer (the SIZE
 * extension, RFC 1870), so an attachment over it is refused at the field when the person adds it
 * rather than by the server after the undo window. Null when the server names no limit or cannot
 * be asked right now (the server's own refusal then says so).
 */
import { connect as tcp, type Socket } from 'node:net';
import { connect as tls } from 'node:tls';
import type { Account } from '../store/repositories';
import { imapConfig } from './accounts';

export async function smtpSizeLimit(a: Account, timeoutMs = 5000): Promise<number | null> {
  if (a.transport !== 'imap') return null;
  const smtp = imapConfig(a).smtp;
  if (!smtp) return null;
  return new Promise((resolve) => {
    const socket: Socket =
      smtp.port === 465
        ? tls({ host: smtp.host, port: smtp.port, servername: smtp.host })
        : tcp({ host: smtp.host, port: smtp.port });
    let text = '';
    let saidHello = false;
    const done = (v: number | null) => {
      socket.destroy();
      resolve(v);
    };
    socket.setTimeout(timeoutMs, () => done(null));
    socket.on('error', () => done(null));
    socket.on('data', (d: Buffer) => {
      text += d.toString('latin1');
      const lines = text.split('\r\n');
      // A reply ends with a line "NNN text" (a dash after the code means more lines follow).
      if (!lines.some((l) => /^\d{3} /.test(l))) return;
      if (!saidHello) {
        saidHello = true;
        text = '';
        socket.write('EHLO zamburak.invalid\r\n');
        return;
      }
      const size = lines.map((l) => /^250[- ]SIZE(?: (\d+))?/i.exec(l)).find(Boolean);
      const n = size?.[1] ? Number(size[1]) : 0;
      socket.write('QUIT\r\n');
      done(n > 0 ? n : null);
    });
  });
}
