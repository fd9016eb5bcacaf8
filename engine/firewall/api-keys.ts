/**
 * API keys and other machine credentials (SECRET), by their published formats. Details name the
 * kind of key and at most its public prefix, never the secret part.
 */
import { CAPS, matchesOf, type Finding } from './finding';

interface KeyFormat {
  readonly kind: string;
  readonly label: string;
  readonly re: RegExp;
  /** Extra validation of the match (e.g. a JWT header must decode to JSON). */
  readonly valid?: (match: string) => boolean;
  /** How much of the match's start is a public prefix that may be shown. */
  readonly prefix: number;
}

function base64UrlToText(s: string): string | null {
  try {
    const b64 = s.replace(/-/g, '+').replace(/_/g, '/');
    const padded = b64 + '='.repeat((4 - (b64.length % 4)) % 4);
    return atob(padded);
  } catch {
    return null;
  }
}

/** A JWT's header must be a JSON object naming an algorithm or a type. */
function jwtHeaderValid(token: string): boolean {
  const header = base64UrlToText(token.split('.')[0] ?? '');
  if (header === null) return false;
  try {
    const parsed: unknown = JSON.parse(header);
    return typeof parsed === 'object' && parsed !== null && ('alg' in parsed || 'typ' in parsed);
  } catch {
    return false;
  }
}

const FORMATS: readonly KeyFormat[] = [
  {
    kind: 'aws-access-key',
    label: 'AWS access key',
    re: /\b(?:AKIA|ASIA|ABIA|ACCA|AIDA|AROA)[0-9A-Z]{16}\b/g,
    prefix: 4,
  },
  {
    kind: 'aws-secret-key',
    label: 'AWS secret access key',
    re: /\baws_?secret_?access_?key\b["']?\s{0,3}[:=]\s{0,3}["']?[A-Za-z0-9/+=]{40}(?![A-Za-z0-9/+=])/gi,
    prefix: 0,
  },
  { kind: 'github-token', label: 'GitHub token', re: /\b(?:ghp|gho|ghu|ghs|ghr)_[A-Za-z0-9]{36,255}\b/g, prefix: 4 },
  { kind: 'github-token', label: 'GitHub fine-grained token', re: /\bgithub_pat_[A-Za-z0-9_]{40,255}\b/g, prefix: 11 },
  { kind: 'slack-token', label: 'Slack token', re: /\bxox[bpars]-[A-Za-z0-9-]{10,250}/g, prefix: 5 },
  { kind: 'slack-token', label: 'Slack app token', re: /\bxapp-\d-[A-Za-z0-9-]{10,250}/g, prefix: 5 },
  {
    kind: 'slack-webhook',
    label: 'Slack webhook URL',
    re: /https:\/\/hooks\.slack\.com\/services\/T[A-Z0-9]{6,12}\/B[A-Z0-9]{6,12}\/[A-Za-z0-9]{20,40}/g,
    prefix: 0,
  },
  { kind: 'stripe-key', label: 'Stripe key', re: /\b(?:sk|rk)_(?:live|test)_[A-Za-z0-9]{16,247}\b/g, prefix: 8 },
  { kind: 'anthropic-key', label: 'Anthropic API key', re: /\bsk-ant-[A-Za-z0-9_-]{32,250}/g, prefix: 7 },
  {
    kind: 'openai-key',
    label: 'OpenAI API key',
    re: /\bsk-(?!ant-)(?:proj-|svcacct-|admin-)?[A-Za-z0-9_-]{32,250}/g,
    valid: (m) => /[0-9]/.test(m) && /[A-Za-z]/.test(m.slice(3)),
    prefix: 3,
  },
  { kind: 'google-api-key', label: 'Google API key', re: /\bAIza[0-9A-Za-z_-]{35}(?![0-9A-Za-z_-])/g, prefix: 4 },
  {
    kind: 'private-key',
    label: 'private key',
    re: /-----BEGIN (?:RSA |EC |DSA |OPENSSH |ENCRYPTED |PGP )?PRIVATE KEY(?: BLOCK)?-----/g,
    prefix: 0,
  },
  {
    kind: 'jwt',
    label: 'JSON Web Token',
    re: /\beyJ[A-Za-z0-9_-]{5,2000}\.eyJ[A-Za-z0-9_-]{5,8000}\.[A-Za-z0-9_-]{10,2000}/g,
    valid: jwtHeaderValid,
    prefix: 0,
  },
  {
    kind: 'api-key',
    label: 'credential assignment',
    re: /\b(?:api[_-]?key|api[_-]?secret|secret[_-]?key|access[_-]?token|auth[_-]?token|client[_-]?secret|bearer)\b["']?\s{0,3}[:=]?\s{0,3}["']?[A-Za-z0-9_\-./+]{20,250}/gi,
    valid: (m) => /\d/.test(m.slice(m.search(/[:= "']/))) && /[A-Za-z]/.test(m.slice(m.search(/[:= "']/))),
    prefix: 0,
  },
];

/** Where a PEM block that starts at `start` ends (its END line, or the BEGIN line alone). */
function pemEnd(text: string, start: number, beginEnd: number): number {
  const window = text.slice(beginEnd, beginEnd + 20_000);
  const m = /-----END [A-Z ]{0,40}PRIVATE KEY(?: BLOCK)?-----/.exec(window);
  return m ? beginEnd + m.index + m[0].length : beginEnd;
}

export function findApiKeys(text: string): Finding[] {
  const out: Finding[] = [];
  for (const f of FORMATS) {
    for (const m of matchesOf(f.re, text)) {
      if (f.valid && !f.valid(m[0])) continue;
      const start = m.index;
      const end = f.kind === 'private-key' ? pemEnd(text, start, start + m[0].length) : start + m[0].length;
      if (out.some((o) => o.start <= start && end <= o.end)) continue;
      const shownPrefix = f.prefix > 0 ? ` ${m[0].slice(0, f.prefix)}…` : '';
      out.push({ cap: CAPS.SECRET, kind: f.kind, detail: `${f.label}${shownPrefix}`, start, end });
    }
  }
  return out;
}
