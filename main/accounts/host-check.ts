/**
 * Whether a server name a person typed exists, asked when the account is added — so a typo in
 * "imap.exmaple.com" is said at once, at its field, not only when the account is first tested.
 * Only a definite "no such name" counts: a resolver that cannot be reached right now (offline)
 * says nothing about the name, and an address literal needs no lookup.
 */
import { lookup } from 'node:dns/promises';
import { isIP } from 'node:net';

const NO_SUCH_NAME = new Set(['ENOTFOUND', 'ENODATA']);

/** A sentence saying why `host` cannot be reached by name, or null when it resolves or cannot be checked now. */
export async function unresolvedHost(host: string): Promise<string | null> {
  if (isIP(host.replace(/^\[|\]$/g, '')) !== 0) return null;
  try {
    await lookup(host);
    return null;
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code ?? '';
    return NO_SUCH_NAME.has(code)
      ? `no server is named “${host}” (the name does not resolve): check its spelling, e.g. imap.example.com`
      : null;
  }
}
