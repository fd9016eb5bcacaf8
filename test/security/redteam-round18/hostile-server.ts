/**
 * A hostile HTTP server on 127.0.0.1 for the clients that read a server's answer (a language
 * model, a CalDAV calendar): it answers every request with a 200 and a body of its choice, or
 * with a body that never ends, and counts the bytes it managed to send.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface HostileServer {
  readonly url: string;
  /** Bytes written into endless answers so far. */
  readonly sent: () => number;
  stop(): Promise<void>;
}

export type Answer = { readonly body: string; readonly type?: string } | { readonly endless: string };

export async function startHostile(answer: (req: IncomingMessage) => Answer): Promise<HostileServer> {
  let sent = 0;
  const server: Server = createServer((req, res: ServerResponse) => {
    req.resume();
    req.on('end', () => {
      const a = answer(req);
      if ('body' in a) {
        res.writeHead(200, { 'Content-Type': a.type ?? 'application/json' });
        res.end(a.body);
        return;
      }
      res.writeHead(200, { 'Content-Type': 'application/json' });
      const chunk = Buffer.from(a.endless.repeat(Math.ceil(65_536 / a.endless.length)));
      // As fast as the reader takes it, until it hangs up.
      const more = () => {
        while (!res.destroyed && res.write(chunk)) sent += chunk.length;
        if (!res.destroyed) res.once('drain', more);
      };
      res.on('close', () => res.removeAllListeners('drain'));
      more();
    });
  });
  await new Promise<void>((ok) => server.listen(0, '127.0.0.1', () => ok()));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    sent: () => sent,
    stop: () =>
      new Promise<void>((ok) => {
        server.closeAllConnections();
        server.close(() => ok());
      }),
  };
}
