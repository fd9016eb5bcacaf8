/**
 * The audit log's record format and chain (pure: an auditor's machine checks a bundle with this
 * file and node:crypto alone).
 *
 * An entry is stored as four strings:
 *   body      canonical JSON of {seq, at, kind, runId?, tool?, decision?, rule?, sources?, data}
 *   prevHash  the previous entry's hash (64 zeros for the first)
 *   hash      hex SHA-256 of `prevHash + "\n" + body`
 *   mac       hex HMAC-SHA-256, keyed outside the database, of `"entry:" + seq + ":" + hash`
 * The head — the last sequence number and hash, with its MAC — is sealed outside the database
 * after every append, so a truncated tail is caught too.
 */
import { createHmac, hash, timingSafeEqual } from 'node:crypto';
import type { Json } from '../ifc/labeled-value';
import { canonicalJson } from '../run/wire';

export const GENESIS_HASH = '0'.repeat(64);

export interface AuditRecord {
  readonly seq: number;
  readonly at: string;
  readonly kind: string;
  readonly runId?: string;
  readonly tool?: string;
  readonly decision?: string;
  readonly rule?: string;
  readonly sources?: readonly string[];
  readonly data: Json;
}

export interface StoredEntry {
  readonly seq: number;
  readonly body: string;
  readonly prevHash: string;
  readonly hash: string;
  readonly mac: string;
}

/** A stored entry as the database reads it, column by column: seq, body, prevHash, hash, mac. */
export type StoredRow = readonly [seq: number, body: string, prevHash: string, hash: string, mac: string];

export const storedEntry = ([seq, body, prevHash, hash, mac]: StoredRow): StoredEntry => ({
  seq,
  body,
  prevHash,
  hash,
  mac,
});

export interface SealedHead {
  readonly seq: number;
  readonly hash: string;
  readonly mac: string;
}

export const recordBody = (r: AuditRecord): string => canonicalJson(r as unknown as Json);

export const chainHash = (prevHash: string, body: string): string => hash('sha256', `${prevHash}\n${body}`, 'hex');

export const entryMac = (key: Uint8Array, seq: number, hash: string): string =>
  createHmac('sha256', key).update(`entry:${seq}:${hash}`).digest('hex');

export const headMac = (key: Uint8Array, seq: number, hash: string): string =>
  createHmac('sha256', key).update(`head:${seq}:${hash}`).digest('hex');

/** Builds the stored form of the next record. */
export function sealEntry(record: AuditRecord, prevHash: string, key: Uint8Array): StoredEntry {
  const body = recordBody(record);
  const hash = chainHash(prevHash, body);
  return { seq: record.seq, body, prevHash, hash, mac: entryMac(key, record.seq, hash) };
}

export const sealHead = (key: Uint8Array, seq: number, hash: string): SealedHead => ({
  seq,
  hash,
  mac: headMac(key, seq, hash),
});

/** Hashes are public: plain comparison. MACs are compared in constant time. */
const sameHash = (a: string, b: string): boolean => a === b;
const sameMac = (a: string, b: string): boolean =>
  a.length === b.length && timingSafeEqual(Buffer.from(a, 'latin1'), Buffer.from(b, 'latin1'));

export type ProblemKind = 'edited' | 'inserted' | 'deleted' | 'reordered' | 'truncated' | 'forged' | 'head';

export interface VerifyProblem {
  /** The first entry that does not hold (for a truncated tail: the first missing one). */
  readonly seq: number;
  readonly kind: ProblemKind;
  readonly message: string;
}

export interface VerifyResult {
  readonly ok: boolean;
  readonly checked: number;
  readonly lastSeq: number;
  readonly lastHash: string;
  readonly problem?: VerifyProblem;
}

export interface VerifyOptions {
  /** Without a key the MACs are not checked (an auditor holding only a bundle). */
  readonly key?: Uint8Array;
  /** The sealed head; when given, the chain must end exactly there. */
  readonly head?: SealedHead;
  /** Hash the first entry links to (a range that does not start at 1). */
  readonly anchor?: { readonly seq: number; readonly hash: string };
}

function bodySeq(body: string): number | null {
  try {
    const v = JSON.parse(body) as { seq?: unknown };
    return typeof v.seq === 'number' ? v.seq : null;
  } catch {
    return null;
  }
}

/**
 * Verifies entries in storage order and names the first that does not hold, and how:
 * - `deleted`: a sequence number is missing, or an entry no longer links to the one before it
 *   while its own content is intact;
 * - `inserted`: an entry that is not part of the chain sits between two that are;
 * - `reordered`: an entry sits at another entry's position;
 * - `edited`: an entry's content does not match its hash, or its hash is not the one sealed;
 * - `forged`: the hashes agree but the MAC does not (someone recomputed the chain);
 * - `truncated`: the chain ends before the sealed head;
 * - `head`: the sealed head itself is not authentic.
 */
export function verifyChain(entries: readonly StoredEntry[], o: VerifyOptions = {}): VerifyResult {
  // Each body is parsed once: the sequence number it claims.
  const claimedSeqs = entries.map((e) => bodySeq(e.body));
  const bySeq = new Map<number, number>();
  claimedSeqs.forEach((s, i) => {
    if (s !== null && !bySeq.has(s)) bySeq.set(s, i);
  });
  let expectedSeq = (o.anchor?.seq ?? 0) + 1;
  let prevHash = o.anchor?.hash ?? GENESIS_HASH;
  const fail = (seq: number, kind: ProblemKind, message: string, checked: number): VerifyResult => ({
    ok: false,
    checked,
    lastSeq: expectedSeq - 1,
    lastHash: prevHash,
    problem: { seq, kind, message },
  });
  if (o.head && o.key && !sameMac(o.head.mac, headMac(o.key, o.head.seq, o.head.hash)))
    return fail(o.head.seq, 'head', 'the sealed head is not authentic (its MAC does not match)', 0);

  for (let i = 0; i < entries.length; i++) {
    const e = entries[i]!;
    const claimed = claimedSeqs[i]!;
    if (e.seq > expectedSeq && claimed !== expectedSeq)
      return fail(expectedSeq, 'deleted', `entry ${expectedSeq} is missing (the next stored entry is ${e.seq})`, i);
    if (claimed !== e.seq) {
      // The row's number and the number inside its content disagree: renumbered rows.
      if (claimed !== null && claimed > e.seq && bySeq.has(e.seq))
        return fail(e.seq, 'reordered', `entry ${claimed} is stored at position ${e.seq}`, i);
      if (claimed !== null && claimed > e.seq)
        return fail(e.seq, 'deleted', `entry ${e.seq} is missing (later entries were renumbered)`, i);
      // Two entries claim the same number: one was slipped in and the rest renumbered.
      if (claimed !== null && claimed < e.seq && bySeq.get(claimed)! < i)
        return fail(
          e.seq - 1,
          'inserted',
          `an entry was inserted before entry ${claimed} (later entries renumbered)`,
          i,
        );
      if (claimed !== null && claimed < e.seq && claimedSeqs.indexOf(e.seq, i + 1) !== -1)
        return fail(e.seq, 'reordered', `entry ${claimed} is stored at position ${e.seq}`, i);
      if (claimed !== null && claimed < e.seq)
        return fail(
          e.seq - 1,
          'inserted',
          `an entry was inserted before entry ${claimed} (later entries renumbered)`,
          i,
        );
      return fail(e.seq, 'edited', `entry ${e.seq} has been edited (its content names no valid sequence number)`, i);
    }
    const recomputed = chainHash(e.prevHash, e.body);
    const macOk = () => !o.key || sameMac(e.mac, entryMac(o.key, e.seq, e.hash));
    if (!sameHash(recomputed, e.hash))
      return fail(e.seq, 'edited', `entry ${e.seq} has been edited (its content does not match its hash)`, i);
    if (!sameHash(e.prevHash, prevHash)) {
      // Intact itself, but it no longer follows the entry before it.
      if (!macOk()) return fail(e.seq, 'inserted', `entry ${e.seq} is not part of the chain (inserted)`, i);
      return fail(
        e.seq,
        'deleted',
        `entry ${e.seq} does not follow entry ${e.seq - 1}: an entry between was removed or replaced`,
        i,
      );
    }
    prevHash = e.hash;
    expectedSeq = e.seq + 1;
  }
  // Every hash links to the one before, so the last entry's MAC vouches for the whole chain:
  // anyone who changed an entry had to recompute every later hash, and cannot MAC the last one.
  // Only when it fails are the MACs walked, to name the first entry not written by the key holder.
  const last = entries[entries.length - 1];
  if (o.key && last && !sameMac(last.mac, entryMac(o.key, last.seq, last.hash))) {
    const i = entries.findIndex((e) => !sameMac(e.mac, entryMac(o.key!, e.seq, e.hash)));
    const e = entries[i]!;
    const after = entries[i + 1];
    expectedSeq = e.seq;
    prevHash = e.prevHash;
    // If the next entry still links to the one before it, this one was slipped in between;
    // past the sealed head, it was appended; otherwise it was rewritten.
    if ((after && sameHash(after.prevHash, e.prevHash)) || (o.head && e.seq > o.head.seq))
      return fail(e.seq, 'inserted', `entry ${e.seq} was not written by this profile (inserted)`, i);
    return fail(e.seq, 'forged', `entry ${e.seq} has a valid hash but not a valid MAC (rewritten)`, i);
  }
  const lastSeq = expectedSeq - 1;
  if (o.head) {
    if (o.head.seq > lastSeq)
      return fail(
        lastSeq + 1,
        'truncated',
        `the log ends at entry ${lastSeq}, but ${o.head.seq} entries were sealed`,
        entries.length,
      );
    if (o.head.seq < lastSeq)
      return fail(
        o.head.seq + 1,
        'inserted',
        `entries after the sealed head (${o.head.seq}) were added`,
        entries.length,
      );
    if (!sameHash(o.head.hash, prevHash))
      return fail(lastSeq, 'edited', `entry ${lastSeq} is not the one that was sealed`, entries.length);
  }
  return { ok: true, checked: entries.length, lastSeq, lastHash: prevHash };
}

/**
 * `verifyChain`'s answer for a chain that holds, read row by row without an object per entry (a
 * whole log is read at every verification, and rows that die young cost the collector little).
 * Every entry but the last is checked in one loop: numbered in order, the number inside its body
 * its own, its hash that of its body, linked to the one before. Those checks pass exactly when
 * `verifyChain`'s loop passes them with nothing to name; the last entry, its MAC and the head are
 * then checked by `verifyChain` itself, anchored at the entry before. Null when anything does not
 * hold: `verifyChain` over the entries then names the first problem, as it always has.
 */
export function verifyRows(rows: Iterable<StoredRow>, o: VerifyOptions = {}): VerifyResult | null {
  let expectedSeq = (o.anchor?.seq ?? 0) + 1;
  let prevHash = o.anchor?.hash ?? GENESIS_HASH;
  let last: StoredRow | undefined;
  let n = 0;
  for (const row of rows) {
    if (last) {
      const [seq, body, prev, hash] = last;
      if (seq !== expectedSeq || prev !== prevHash || chainHash(prev, body) !== hash || bodySeq(body) !== seq)
        return null;
      prevHash = hash;
      expectedSeq = seq + 1;
    }
    last = row;
    n++;
  }
  if (!last) return null;
  const r = verifyChain([storedEntry(last)], { ...o, anchor: { seq: expectedSeq - 1, hash: prevHash } });
  return r.ok ? { ...r, checked: n } : null;
}
