/** `onFreePort`: a server whose port was taken before it bound it is started again on another. */
import { createServer, type Server } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { onFreePort } from './ports';

const listen = (port: number): Promise<Server> =>
  new Promise((ok, fail) => {
    const s = createServer();
    s.once('error', fail).listen(port, '127.0.0.1', () => ok(s));
  });

describe('onFreePort', () => {
  const servers: Server[] = [];
  afterEach(() => {
    for (const s of servers.splice(0)) s.close();
  });

  it('starts the server on another free port when its first was taken meanwhile', async () => {
    const tried: number[] = [];
    const server = await onFreePort(async (port) => {
      tried.push(port);
      // Another process binds the port first, once.
      if (tried.length === 1) servers.push(await listen(port));
      return listen(port);
    });
    servers.push(server);
    expect(tried).toHaveLength(2);
    expect(tried[1]).not.toBe(tried[0]);
    expect(server.address()).toMatchObject({ port: tried[1] });
  });

  it('gives up after its attempts with the last failure', async () => {
    let n = 0;
    await expect(
      onFreePort(async () => {
        n++;
        throw new Error(`failure ${n}`);
      }, 3),
    ).rejects.toThrow('failure 3');
    expect(n).toBe(3);
  });
});
