/**
 * Sealed bundles from the attacker's side: every byte of a bundle flipped, the wrong key, a
 * tampered chain inside a re-sealed bundle. Only an intact bundle opened with the right key
 * verifies.
 */
import { describe, expect, it } from 'vitest';
import {
  BundleError,
  generateKeyPair,
  openBundle,
  sealBundle,
  verifyBundlePayload,
  type BundlePayload,
} from '../../../engine/audit/bundle';
import { GENESIS_HASH, sealEntry, sealHead, type StoredEntry } from '../../../engine/audit/chain';
import { runReceipt } from '../../../engine/audit/preview';

const KEY = new Uint8Array(32).fill(7);

function chain(n: number): StoredEntry[] {
  const out: StoredEntry[] = [];
  let prev = GENESIS_HASH;
  for (let seq = 1; seq <= n; seq++) {
    const kind = seq === n ? 'run.finished' : 'call.decided';
    const data =
      kind === 'run.finished'
        ? {
            receipt: runReceipt({
              runId: 'run-1',
              planHash: 'sha256:p',
              inputHash: 'sha256:i',
              outputHash: 'sha256:o',
              firstSeq: 1,
              lastSeq: n,
            }),
          }
        : { n: seq };
    const e = sealEntry(
      { seq, at: `2026-11-24T10:00:0${seq % 10}Z`, kind, runId: 'run-1', data: data as never },
      prev,
      KEY,
    );
    out.push(e);
    prev = e.hash;
  }
  return out;
}

function payload(entries: StoredEntry[]): BundlePayload {
  const last = entries[entries.length - 1]!;
  const receipt = (JSON.parse(last.body) as { data: { receipt: BundlePayload['receipts'][number] } }).data.receipt;
  return {
    anchor: { seq: 0, hash: GENESIS_HASH },
    entries,
    head: sealHead(KEY, last.seq, last.hash),
    receipts: [receipt],
    exportedAt: '2026-11-24T10:00:00Z',
    profile: 'test',
  };
}

describe('sealed audit bundles', () => {
  it('an intact bundle opens with the right key and its chain verifies without the app', async () => {
    const k = await generateKeyPair();
    const text = await sealBundle(payload(chain(4)), k.publicKey);
    const p = await openBundle(text, k.privateKey);
    expect(verifyBundlePayload(p)).toMatchObject({ ok: true, checked: 4, receiptsChecked: 1 });
  });

  it('refuses a bundle with any byte flipped', async () => {
    const k = await generateKeyPair();
    const text = await sealBundle(payload(chain(2)), k.publicKey);
    const bytes = Buffer.from(text, 'utf8');
    let refused = 0;
    // Every position of the header and a dense sample of the ciphertext and KEM ciphertext.
    const positions = [...bytes.keys()].filter((i) => i < 200 || i % 7 === 0 || i > bytes.length - 64);
    for (const i of positions) {
      const copy = Buffer.from(bytes);
      copy[i] = copy[i]! ^ 0x01;
      await expect(openBundle(copy.toString('utf8'), k.privateKey)).rejects.toThrow(BundleError);
      refused++;
    }
    expect(refused).toBe(positions.length);
  }, 120_000);

  it('refuses the wrong key, and a key file of the wrong kind', async () => {
    const [a, b] = [await generateKeyPair(), await generateKeyPair()];
    const text = await sealBundle(payload(chain(2)), a.publicKey);
    await expect(openBundle(text, b.privateKey)).rejects.toThrow(/does not open with this key/);
    await expect(openBundle(text, a.publicKey)).rejects.toThrow(/not a key file/);
  });

  it('a bundle re-sealed around an edited chain does not verify', async () => {
    const k = await generateKeyPair();
    const entries = chain(4);
    entries[1] = { ...entries[1]!, body: entries[1]!.body.replace('"n":2', '"n":3') };
    const p = await openBundle(await sealBundle(payload(entries), k.publicKey), k.privateKey);
    expect(verifyBundlePayload(p)).toMatchObject({ ok: false, problem: { seq: 2, kind: 'edited' } });
  });

  it('a receipt that is not in the chain is refused', async () => {
    const k = await generateKeyPair();
    const pl = payload(chain(3));
    const forged = { ...pl, receipts: [{ ...pl.receipts[0]!, outputHash: 'sha256:other', receiptHash: 'sha256:x' }] };
    const p = await openBundle(await sealBundle(forged, k.publicKey), k.privateKey);
    expect(verifyBundlePayload(p).ok).toBe(false);
  });
});
