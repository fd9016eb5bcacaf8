/**
 * Sealed audit bundles: a range of the log (and optionally the policies in force) encrypted to
 * an auditor's ML-KEM-768 public key. Format (version 1), a JSON file with exactly these keys,
 * serialized canonically (sorted keys, no spaces):
 *
 *   {"ciphertext": b64, "format": "zamburak-audit-bundle", "kem": "ML-KEM-768", "kemCiphertext": b64,
 *    "nonce": b64, "version": 1}
 *
 * - (kemCiphertext, secret) = ML-KEM-768.Encaps(recipient public key)
 * - key = HKDF-SHA-256(secret, salt = nonce, info = "zamburak-audit-bundle-v1", 32 bytes)
 * - ciphertext = AES-256-GCM(key, nonce (12 random bytes), plaintext = canonical JSON payload,
 *   AAD = canonical JSON of the header: every key above except `ciphertext`) ‖ 16-byte tag
 *
 * Opening refuses anything that is not byte-for-byte the canonical form, so a flipped byte
 * anywhere — header, base64 padding, whitespace — is refused, not tolerated.
 */
import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';
import { MlKem768 } from 'mlkem';
import * as z from 'zod';
import type { Json } from '../ifc/labeled-value';
import { canonicalJson } from '../run/wire';
import { verifyChain, type SealedHead, type StoredEntry, type VerifyResult } from './chain';
import type { RunReceipt } from './preview';

const FORMAT = 'zamburak-audit-bundle';
const INFO = 'zamburak-audit-bundle-v1';

export interface BundlePayload {
  /** Where the range starts: the entry before it (0 and 64 zeros for the whole log). */
  readonly anchor: { readonly seq: number; readonly hash: string };
  readonly entries: readonly StoredEntry[];
  /** The log's sealed head when the bundle was made (may be past the range). */
  readonly head: SealedHead | null;
  readonly receipts: readonly RunReceipt[];
  readonly policies?: readonly { readonly version: number; readonly yaml: string; readonly changedAt: string }[];
  readonly exportedAt: string;
  readonly profile: string;
}

const b64 = z.string().regex(/^[A-Za-z0-9+/]*={0,2}$/);
const Header = z.strictObject({
  ciphertext: b64,
  format: z.literal(FORMAT),
  kem: z.literal('ML-KEM-768'),
  kemCiphertext: b64,
  nonce: b64,
  version: z.literal(1),
});

const Entry = z.strictObject({
  seq: z.number().int().positive(),
  body: z.string(),
  prevHash: z.string(),
  hash: z.string(),
  mac: z.string(),
});
const Payload = z.strictObject({
  anchor: z.strictObject({ seq: z.number().int().nonnegative(), hash: z.string() }),
  entries: z.array(Entry),
  head: z.strictObject({ seq: z.number().int().nonnegative(), hash: z.string(), mac: z.string() }).nullable(),
  receipts: z.array(
    z.strictObject({
      runId: z.string(),
      planHash: z.string(),
      inputHash: z.string(),
      outputHash: z.string(),
      firstSeq: z.number(),
      lastSeq: z.number(),
      receiptHash: z.string(),
    }),
  ),
  policies: z.array(z.strictObject({ version: z.number(), yaml: z.string(), changedAt: z.string() })).optional(),
  exportedAt: z.string(),
  profile: z.string(),
});

export class BundleError extends Error {}

const PUB = 'zamburak-mlkem768-public-key';
const PRIV = 'zamburak-mlkem768-private-key';

/** An auditor's key pair, as two small JSON texts (`audit.pub`, `audit.key`). */
export async function generateKeyPair(): Promise<{ publicKey: string; privateKey: string }> {
  const [pk, sk] = await new MlKem768().generateKeyPair();
  return {
    publicKey: canonicalJson({ format: PUB, key: Buffer.from(pk).toString('base64') }) + '\n',
    privateKey: canonicalJson({ format: PRIV, key: Buffer.from(sk).toString('base64') }) + '\n',
  };
}

function readKey(text: string, format: string, bytes: number): Uint8Array {
  let v: unknown;
  try {
    v = JSON.parse(text);
  } catch {
    throw new BundleError(`not a key file (expected ${format})`);
  }
  const k = z.strictObject({ format: z.literal(format), key: b64 }).safeParse(v);
  if (!k.success) throw new BundleError(`not a key file (expected ${format})`);
  const key = Buffer.from(k.data.key, 'base64');
  if (key.length !== bytes) throw new BundleError(`the ${format} has ${key.length} bytes, expected ${bytes}`);
  return new Uint8Array(key);
}

const aadOf = (h: Omit<z.infer<typeof Header>, 'ciphertext'>): Buffer => Buffer.from(canonicalJson(h), 'utf8');

export async function sealBundle(payload: BundlePayload, publicKeyText: string): Promise<string> {
  const pk = readKey(publicKeyText, PUB, 1184);
  const [kemCt, secret] = await new MlKem768().encap(pk);
  const nonce = randomBytes(12);
  const key = Buffer.from(hkdfSync('sha256', secret, nonce, INFO, 32));
  const header = {
    format: FORMAT as typeof FORMAT,
    kem: 'ML-KEM-768' as const,
    kemCiphertext: Buffer.from(kemCt).toString('base64'),
    nonce: nonce.toString('base64'),
    version: 1 as const,
  };
  const c = createCipheriv('aes-256-gcm', key, nonce);
  c.setAAD(aadOf(header));
  const body = Buffer.concat([c.update(canonicalJson(payload as unknown as Json), 'utf8'), c.final(), c.getAuthTag()]);
  return canonicalJson({ ...header, ciphertext: body.toString('base64') }) + '\n';
}

export async function openBundle(text: string, privateKeyText: string): Promise<BundlePayload> {
  const sk = readKey(privateKeyText, PRIV, 2400);
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    throw new BundleError('not a Zamburak audit bundle (not JSON)');
  }
  const h = Header.safeParse(parsed);
  if (!h.success) throw new BundleError('not a Zamburak audit bundle (unexpected header)');
  // Byte-for-byte canonical; another spelling of the same JSON is a changed file.
  if (text !== canonicalJson(h.data as unknown as Json) + '\n')
    throw new BundleError('the bundle has been modified (it is not in its canonical form)');
  for (const f of ['ciphertext', 'kemCiphertext', 'nonce'] as const)
    if (Buffer.from(h.data[f], 'base64').toString('base64') !== h.data[f])
      throw new BundleError(`the bundle has been modified (${f} is not canonical base64)`);
  const nonce = Buffer.from(h.data.nonce, 'base64');
  const kemCt = Buffer.from(h.data.kemCiphertext, 'base64');
  const body = Buffer.from(h.data.ciphertext, 'base64');
  if (nonce.length !== 12 || kemCt.length !== 1088 || body.length < 16)
    throw new BundleError('the bundle has been modified (wrong field sizes)');
  const secret = await new MlKem768().decap(new Uint8Array(kemCt), sk);
  const key = Buffer.from(hkdfSync('sha256', secret, nonce, INFO, 32));
  const { ciphertext: _c, ...rest } = h.data;
  let plain: Buffer;
  try {
    const d = createDecipheriv('aes-256-gcm', key, nonce);
    d.setAAD(aadOf(rest));
    d.setAuthTag(body.subarray(body.length - 16));
    plain = Buffer.concat([d.update(body.subarray(0, body.length - 16)), d.final()]);
  } catch {
    throw new BundleError('the bundle does not open with this key, or it has been modified');
  }
  const p = Payload.safeParse(JSON.parse(plain.toString('utf8')));
  if (!p.success) throw new BundleError('the bundle opened but its content is not an audit range');
  return p.data;
}

/** Verifies a bundle's chain without the app: links, sequence, receipts inside the range. */
export function verifyBundlePayload(p: BundlePayload): VerifyResult & { receiptsChecked: number } {
  const r = verifyChain(p.entries, { anchor: p.anchor });
  if (!r.ok) return { ...r, receiptsChecked: 0 };
  // Every receipt must be the one recorded in the chain (in its run.finished entry).
  const recorded = new Set<string>();
  for (const e of p.entries) {
    const body = JSON.parse(e.body) as { kind?: string; data?: { receipt?: { receiptHash?: string } } };
    if (body.kind === 'run.finished' && body.data?.receipt?.receiptHash) recorded.add(body.data.receipt.receiptHash);
  }
  for (const rc of p.receipts)
    if (!recorded.has(rc.receiptHash))
      return {
        ...r,
        ok: false,
        receiptsChecked: 0,
        problem: { seq: rc.lastSeq, kind: 'edited', message: `the receipt of ${rc.runId} is not in the chain` },
      };
  if (p.head && p.entries.length && p.head.seq === r.lastSeq && p.head.hash !== r.lastHash)
    return {
      ...r,
      ok: false,
      receiptsChecked: 0,
      problem: { seq: r.lastSeq, kind: 'edited', message: 'the last entry is not the sealed head' },
    };
  return { ...r, receiptsChecked: p.receipts.length };
}
