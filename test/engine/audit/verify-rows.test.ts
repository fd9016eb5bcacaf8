/**
 * The fast verification of a stored log (`verifyRows`, row by row) against `verifyChain` on the
 * same entries: on chains tampered from the attacker's side at random (bodies, numbers, hashes,
 * links and MACs edited; entries deleted, duplicated, swapped; hashes recomputed; the head moved), it either says
 * nothing (null: the caller asks `verifyChain`) or gives exactly `verifyChain`'s answer.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  chainHash,
  GENESIS_HASH,
  sealEntry,
  sealHead,
  verifyChain,
  verifyRows,
  type StoredEntry,
  type StoredRow,
  type VerifyOptions,
} from '../../../engine/audit/chain';

const KEY = new Uint8Array(32).fill(3);

function chain(n: number): StoredEntry[] {
  const out: StoredEntry[] = [];
  let prev = GENESIS_HASH;
  for (let seq = 1; seq <= n; seq++) {
    const e = sealEntry({ seq, at: '2026-11-27T10:00:00Z', kind: 'call.decided', data: { seq: seq * 7 } }, prev, KEY);
    out.push(e);
    prev = e.hash;
  }
  return out;
}

const asRow = (e: StoredEntry): StoredRow => [e.seq, e.body, e.prevHash, e.hash, e.mac];

type Edit = (es: StoredEntry[], i: number) => StoredEntry[];
const at = (es: StoredEntry[], i: number, f: (e: StoredEntry) => StoredEntry): StoredEntry[] =>
  es.map((e, j) => (j === i ? f(e) : e));

const EDITS: Record<string, Edit> = {
  body: (es, i) => at(es, i, (e) => ({ ...e, body: e.body.replace('call', 'cell') })),
  bodyRehashed: (es, i) =>
    at(es, i, (e) => {
      const body = e.body.replace('call', 'cell');
      return { ...e, body, hash: chainHash(e.prevHash, body) };
    }),
  bodySeq: (es, i) => at(es, i, (e) => ({ ...e, body: e.body.replace(`"seq":${e.seq}`, `"seq":${e.seq + 1}`) })),
  notJson: (es, i) => at(es, i, (e) => ({ ...e, body: e.body.slice(1) })),
  rowSeq: (es, i) => at(es, i, (e) => ({ ...e, seq: e.seq + 1 })),
  hash: (es, i) => at(es, i, (e) => ({ ...e, hash: GENESIS_HASH })),
  prevHash: (es, i) => at(es, i, (e) => ({ ...e, prevHash: GENESIS_HASH })),
  mac: (es, i) => at(es, i, (e) => ({ ...e, mac: e.mac.replace(/^./, (c) => (c === '0' ? '1' : '0')) })),
  deleted: (es, i) => es.filter((_, j) => j !== i),
  renumbered: (es, i) => es.filter((_, j) => j !== i).map((e, j) => (j >= i ? { ...e, seq: e.seq - 1 } : e)),
  duplicated: (es, i) => [...es.slice(0, i + 1), ...es.slice(i)],
  // Every hash from entry i on recomputed, without the key (the MACs stay as they were).
  rehashed: (es, i) => {
    const out = es.slice(0, i);
    for (const e of es.slice(i)) {
      const prevHash = out[out.length - 1]?.hash ?? GENESIS_HASH;
      out.push({ ...e, prevHash, hash: chainHash(prevHash, e.body) });
    }
    return out;
  },
  swapped: (es, i) => (i + 1 < es.length ? [...es.slice(0, i), es[i + 1]!, es[i]!, ...es.slice(i + 2)] : es),
};

describe('verifyRows', () => {
  it('gives verifyChain’s answer or none, whatever was tampered with', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 12 }),
        fc.array(fc.tuple(fc.constantFrom(...Object.keys(EDITS)), fc.nat()), { maxLength: 4 }),
        fc.constantFrom('key and head', 'key', 'none', 'anchor'),
        fc.integer({ min: -2, max: 2 }),
        (n, edits, how, headShift) => {
          const original = chain(n);
          const tampered = edits.reduce(
            (es, [name, i]) => (es.length ? EDITS[name]!(es, i % es.length) : es),
            original,
          );
          const last = original[original.length - 1]!;
          const headSeq = Math.max(0, last.seq + headShift);
          const o: VerifyOptions =
            how === 'key and head'
              ? { key: KEY, head: sealHead(KEY, headSeq, original[headSeq - 1]?.hash ?? GENESIS_HASH) }
              : how === 'key'
                ? { key: KEY }
                : how === 'anchor'
                  ? { anchor: { seq: 1, hash: original[0]!.hash } }
                  : {};
          const entries = how === 'anchor' ? tampered.slice(1) : tampered;
          const fast = verifyRows(entries.map(asRow), o);
          const full = verifyChain(entries, o);
          if (fast) expect(fast).toEqual(full);
          if (edits.length === 0 && headShift === 0 && entries.length > 0) expect(fast ?? 'none').toEqual(full);
        },
      ),
      { numRuns: 3000 },
    );
  });

  it('says the whole chain holds for an untouched log', () => {
    const es = chain(50);
    const last = es[49]!;
    const o = { key: KEY, head: sealHead(KEY, last.seq, last.hash) };
    expect(verifyRows(es.map(asRow), o)).toEqual({ ok: true, checked: 50, lastSeq: 50, lastHash: last.hash });
    expect(verifyRows([], o)).toBeNull();
  });
});
