/** A TCP port free on 127.0.0.1 right now, for a server that needs its port before it starts. */
import { createServer } from 'node:net';

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const addr = s.address();
      const port = typeof addr === 'object' && addr ? addr.port : 0;
      s.close(() => resolve(port));
    });
  });
}

/**
 * Starts a server on a port that was free a moment ago. Between the check and the server's bind,
 * another process may take the port (a suite in another worker, the local end of a connection: a
 * server in Python took over a second to bind on a loaded 2-core machine), so a start that fails
 * is tried again on another port; the last failure is thrown.
 */
export async function onFreePort<T>(start: (port: number) => Promise<T>, attempts = 3): Promise<T> {
  for (let i = 1; ; i++) {
    try {
      return await start(await freePort());
    } catch (e) {
      if (i >= attempts) throw e;
    }
  }
}
