/**
 * What the audit log keeps of a tool call's arguments: their hash (to prove later what was
 * sent) and a short preview with every secret and personal number masked. The log is read by
 * people and exported to auditors; it must not become a second copy of the mailbox.
 */
import { createHash } from 'node:crypto';
import { scanText } from '../firewall';
import type { Json } from '../ifc/labeled-value';
import { canonicalJson } from '../run/wire';

const PREVIEW_CHARS = 240;
/** Findings that are masked in previews (email addresses stay: who got what is the point). */
const MASKED = new Set(['SECRET', 'PII_CARD', 'PII_IBAN', 'PII_SSN', 'PII_PHONE']);

export const sha256Hex = (text: string): string => createHash('sha256').update(text).digest('hex');

export function maskSecrets(text: string): string {
  const spans = scanText(text)
    .filter((f) => MASKED.has(f.cap))
    .sort((a, b) => a.start - b.start);
  let out = '';
  let at = 0;
  for (const f of spans) {
    if (f.start < at) continue;
    out += text.slice(at, f.start) + `[${f.cap}]`;
    at = f.end;
  }
  return out + text.slice(at);
}

export interface ArgsSummary {
  readonly hash: string;
  readonly preview: string;
}

export function summarizeArgs(args: Json): ArgsSummary {
  const text = canonicalJson(args);
  // Mask on the whole text first: a secret cut in half by the preview's end is still masked.
  const masked = maskSecrets(text);
  return {
    hash: `sha256:${sha256Hex(text)}`,
    preview: masked.length > PREVIEW_CHARS ? `${masked.slice(0, PREVIEW_CHARS)}…` : masked,
  };
}

/** A run's receipt: binds the plan, its input and its output, and the entries it wrote. */
export interface RunReceipt {
  readonly runId: string;
  readonly planHash: string;
  readonly inputHash: string;
  readonly outputHash: string;
  readonly firstSeq: number;
  readonly lastSeq: number;
  readonly receiptHash: string;
}

export function runReceipt(r: Omit<RunReceipt, 'receiptHash'>): RunReceipt {
  return { ...r, receiptHash: `sha256:${sha256Hex(canonicalJson(r as unknown as Json))}` };
}

export const hashJson = (v: Json | undefined): string => `sha256:${sha256Hex(canonicalJson(v))}`;
