/**
 * SHA-256 of a short text as hex, for the ids a listed message gets (its id, its thread's). Node's
 * one-shot `hash` (20.12 on) takes a third of the time `createHash` does on strings this short,
 * and a first sync hashes twice per message; older Node gets the same digest from `createHash`.
 */
import * as crypto from 'node:crypto';

const oneShot: ((algorithm: string, data: string, encoding: 'hex') => string) | undefined = (
  crypto as { hash?: (algorithm: string, data: string, encoding: 'hex') => string }
).hash;

export const textSha256Hex = (text: string): string =>
  oneShot ? oneShot('sha256', text, 'hex') : crypto.createHash('sha256').update(text).digest('hex');
