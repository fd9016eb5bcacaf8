/**
 * The Authentication-Results header field, read as RFC 8601 §2.2 defines it: an authserv-id
 * (optionally followed by a version), then `;`-separated results, each `method[/version]=result`
 * with an optional `reason=value` and `ptype.property=value` properties. Comments (nested, with
 * escapes) and quoted strings are skipped as units, so text the sender controls — a MAIL FROM of
 * `dmarc=pass@evil.test` copied into `smtp.mailfrom=`, a comment `(dmarc=pass)` before the real
 * `dmarc=fail`, a `;` inside quotes — is only ever a property's value or nothing, never a result.
 */

export interface MethodResult {
  /** Lower case, without its `/version`. */
  readonly method: string;
  /** Lower case: `pass`, `fail`, `none`, `softfail`, `temperror`… */
  readonly result: string;
  readonly reason: string | null;
  /** `ptype.property` (lower case) → value, e.g. `header.from` → `acme.test`. */
  readonly properties: Readonly<Record<string, string>>;
}

export interface AuthResultsField {
  /** Lower case. */
  readonly authserv: string;
  readonly results: readonly MethodResult[];
}

/** The text with every comment replaced by a space; quoted strings are kept whole. */
function withoutComments(s: string): string {
  let out = '';
  let depth = 0;
  let quoted = false;
  for (let i = 0; i < s.length; i++) {
    const c = s[i]!;
    if (c === '\\' && (quoted || depth > 0)) {
      if (depth === 0) out += s.slice(i, i + 2);
      i++;
    } else if (depth > 0) {
      if (c === '(') depth++;
      else if (c === ')' && --depth === 0) out += ' ';
    } else if (c === '"') {
      quoted = !quoted;
      out += c;
    } else if (c === '(' && !quoted) depth = 1;
    else out += c;
  }
  return out;
}

/** Splits at `;` outside quoted strings. */
function statements(s: string): string[] {
  const out: string[] = [];
  let start = 0;
  let quoted = false;
  for (let i = 0; i < s.length; i++) {
    if (s[i] === '\\' && quoted) i++;
    else if (s[i] === '"') quoted = !quoted;
    else if (s[i] === ';' && !quoted) {
      out.push(s.slice(start, i));
      start = i + 1;
    }
  }
  out.push(s.slice(start));
  return out;
}

/** A cursor over one statement: words, `=`, and values (a quoted string or a run without spaces). */
class Scanner {
  private i = 0;
  constructor(private readonly s: string) {}
  private skip(): void {
    while (this.i < this.s.length && /\s/.test(this.s[this.i]!)) this.i++;
  }
  done(): boolean {
    this.skip();
    return this.i >= this.s.length;
  }
  /** A name: letters, digits, `-`, `_`, `.`, `/`. */
  name(): string | null {
    this.skip();
    const m = /^[A-Za-z0-9_./-]+/.exec(this.s.slice(this.i));
    if (!m) return null;
    this.i += m[0].length;
    return m[0];
  }
  /** Whether the last token ended at a space or the end, as a result keyword must (`pass@evil.test` is no `pass`). */
  bounded(): boolean {
    return this.i >= this.s.length || /\s/.test(this.s[this.i]!);
  }
  equals(): boolean {
    this.skip();
    if (this.s[this.i] !== '=') return false;
    this.i++;
    return true;
  }
  /** A quoted string (unescaped) or everything up to the next space. */
  value(): string | null {
    this.skip();
    if (this.s[this.i] === '"') {
      let out = '';
      for (this.i++; this.i < this.s.length && this.s[this.i] !== '"'; this.i++) {
        if (this.s[this.i] === '\\') this.i++;
        out += this.s[this.i] ?? '';
      }
      this.i++;
      return out;
    }
    const m = /^\S+/.exec(this.s.slice(this.i));
    if (!m) return null;
    this.i += m[0].length;
    return m[0];
  }
}

function result(statement: string): MethodResult | null {
  const s = new Scanner(statement);
  const method = s.name();
  if (!method || !s.equals()) return null;
  const value = s.name();
  if (!value || !/^[a-z]+$/i.test(value) || !s.bounded()) return null;
  let reason: string | null = null;
  const properties: Record<string, string> = {};
  while (!s.done()) {
    const key = s.name()?.toLowerCase();
    if (!key || !s.equals()) break;
    const v = s.value();
    if (v === null) break;
    if (key === 'reason') reason = v;
    else if (/^[a-z0-9_-]+\.[a-z0-9_.-]+$/.test(key)) properties[key] ??= v;
    else break;
  }
  return { method: method.split('/')[0]!.toLowerCase(), result: value.toLowerCase(), reason, properties };
}

/** One Authentication-Results value, or null when it has no authserv-id. Malformed results are left out. */
export function parseAuthResults(value: string): AuthResultsField | null {
  const [head = '', ...rest] = statements(withoutComments(value));
  const authserv = new Scanner(head).value()?.toLowerCase();
  if (!authserv) return null;
  const results = rest.flatMap((st) => result(st) ?? []);
  return { authserv, results };
}

/**
 * Whether a Received field records a delivery hop — the mailbox's own LMTP server filing what the
 * receiving side accepted (RFC 3848 `with LMTP`, `LMTPA`, `LMTPS`, `LMTPSA`) — rather than a
 * message's arrival. Every `with` clause outside comments must name LMTP: the arrival's field,
 * whose `from` clause holds what the sending host said, names its own protocol (ESMTP…) too.
 */
export function isDeliveryHop(received: string): boolean {
  const clauses = withoutComments(received).replace(/;[^;]*$/, '');
  const protocols = [...clauses.matchAll(/(?:^|\s)with\s+(\S+)/gi)].map((m) => m[1]!.toUpperCase());
  return protocols.length > 0 && protocols.every((w) => /^LMTPS?A?$/.test(w));
}

/**
 * The host a Received field says took the message in from another host (its `by` clause, lower
 * case, without a final dot), or null when the field is a delivery hop or names no `from` clause
 * (a server's own hand-off between its parts, such as Gmail's `Received: by 2002:… with SMTP`).
 * Clauses are read outside comments and before the date.
 */
export function arrivalHost(received: string): string | null {
  if (isDeliveryHop(received)) return null;
  const clauses = withoutComments(received).replace(/;[^;]*$/, '');
  if (!/(?:^|\s)from\s+\S/i.test(clauses)) return null;
  const by = /(?:^|\s)by\s+([^\s;]+)/i.exec(clauses)?.[1];
  return by ? by.toLowerCase().replace(/\.$/, '') : null;
}
