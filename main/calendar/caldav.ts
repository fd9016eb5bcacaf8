/**
 * A small CalDAV client (RFC 4791) over fetch, for one calendar collection: list events (all, or
 * a time range), the etags for incremental sync, fetch some by href, create, update and delete
 * with ETag preconditions so a concurrent change elsewhere is never overwritten silently.
 * Failures come with a kind a person can act on: wrong password, not found, changed elsewhere,
 * server unreachable, timeout.
 */
import { boundedText } from '../net/bounded-body';

export type CalDavErrorKind = 'auth' | 'not-found' | 'conflict' | 'unreachable' | 'timeout' | 'protocol';

export class CalDavError extends Error {
  constructor(
    readonly kind: CalDavErrorKind,
    message: string,
  ) {
    super(message);
  }
}

export interface CalDavOptions {
  /** The calendar collection, e.g. https://dav.example/maya/work/ (a trailing slash is added). */
  readonly url: string;
  readonly user: string;
  /** A password (HTTP Basic), or an OAuth 2 access token (sent as a Bearer token). */
  readonly password: string | { readonly accessToken: string };
  readonly timeoutMs?: number;
}

export interface Resource {
  readonly href: string;
  readonly etag: string;
  readonly text: string;
}

/** The largest answer read: a whole calendar's events, a few KB each, in one REPORT. */
const MAX_ANSWER_BYTES = 64_000_000;

const XML = { 'Content-Type': 'application/xml; charset=utf-8' };
const NS = 'xmlns:D="DAV:" xmlns:C="urn:ietf:params:xml:ns:caldav" xmlns:CS="http://calendarserver.org/ns/"';

const decode = (s: string): string =>
  s
    .replace(/<!\[CDATA\[([\s\S]*?)\]\]>/g, '$1')
    .replace(/&#(\d+);/g, (_, n: string) => String.fromCodePoint(Number(n)))
    .replace(/&#x([0-9a-f]+);/gi, (_, n: string) => String.fromCodePoint(parseInt(n, 16)))
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&apos;/g, "'")
    .replace(/&amp;/g, '&');

/**
 * The content of each `<name …>…</name>` element (any namespace prefix) of `xml`, in order, each
 * up to its nearest closing tag. One pass: the server writes the answer, and a lazy
 * `<name>([\s\S]*?)</name>` pattern matched every opening without a closing tag to the end of
 * the body and back, work that grew with the square of its length (red-team round 18). An
 * opening tag ends at its `>` before any `<` (XML allows no `<` inside one).
 */
function elements(xml: string, name: string, first = false): string[] {
  const open = new RegExp(`<(?:[\\w-]+:)?${name}\\b[^<>]*>`, 'g');
  const close = new RegExp(`</(?:[\\w-]+:)?${name}>`, 'g');
  const out: string[] = [];
  for (let m = open.exec(xml); m !== null; m = open.exec(xml)) {
    close.lastIndex = open.lastIndex;
    const end = close.exec(xml);
    // No closing tag after this opening: none after any later one either.
    if (end === null) break;
    out.push(xml.slice(open.lastIndex, end.index));
    if (first) break;
    open.lastIndex = close.lastIndex;
  }
  return out;
}

const tag = (body: string, name: string): string | null => {
  const [content] = elements(body, name, true);
  return content === undefined ? null : decode(content.trim());
};

/** The `<response>` elements of a multistatus body, each with its href, etag, data and status. */
function multistatus(xml: string): { href: string; etag: string | null; data: string | null; ok: boolean }[] {
  const out = [];
  for (const body of elements(xml, 'response')) {
    const href = tag(body, 'href');
    if (!href) continue;
    const status = tag(body, 'status') ?? '';
    out.push({ href, etag: tag(body, 'getetag'), data: tag(body, 'calendar-data'), ok: !/ 404 /.test(status) });
  }
  return out;
}

const utc = (iso: string): string => iso.replace(/[-:]/g, '').replace(/\.\d+/, '');

export class CalDavClient {
  private readonly base: URL;
  private readonly auth: string;

  constructor(private readonly o: CalDavOptions) {
    this.base = new URL(o.url.endsWith('/') ? o.url : `${o.url}/`);
    this.auth =
      typeof o.password === 'string'
        ? `Basic ${Buffer.from(`${o.user}:${o.password}`).toString('base64')}`
        : `Bearer ${o.password.accessToken}`;
  }

  private async request(method: string, href: string, init: { headers?: Record<string, string>; body?: string } = {}) {
    const url = new URL(href, this.base);
    if (url.origin !== this.base.origin) throw new CalDavError('protocol', `refusing to follow ${url.origin}`);
    let res: Response;
    try {
      res = await fetch(url, {
        method,
        headers: { Authorization: this.auth, ...init.headers },
        ...(init.body !== undefined ? { body: init.body } : {}),
        redirect: 'error',
        signal: AbortSignal.timeout(this.o.timeoutMs ?? 15_000),
      });
    } catch (e) {
      const err = e as Error;
      if (err.name === 'TimeoutError') throw new CalDavError('timeout', `${this.base.host} did not answer in time`);
      throw new CalDavError(
        'unreachable',
        `cannot reach ${this.base.host}: ${(err.cause as Error | undefined)?.message ?? err.message}`,
      );
    }
    if (res.status === 401 || res.status === 403)
      throw new CalDavError(
        'auth',
        `${this.base.host} refused the ${typeof this.o.password === 'string' ? 'user name or password' : 'access token'} (${res.status})`,
      );
    if (res.status === 404) throw new CalDavError('not-found', `${url.pathname} does not exist on ${this.base.host}`);
    if (res.status === 412)
      throw new CalDavError('conflict', `${url.pathname} was changed elsewhere; sync and try again`);
    if (res.status >= 400)
      throw new CalDavError('protocol', `${method} ${url.pathname}: ${res.status} ${res.statusText}`);
    return res;
  }

  /**
   * An answer's body, read up to `MAX_ANSWER_BYTES` as it arrives: a server that never stops
   * sending fills no memory (main/net/bounded-body.ts).
   */
  private async text(res: Response): Promise<string> {
    const text = await boundedText(res, MAX_ANSWER_BYTES).catch((e: unknown) => {
      if ((e as Error).name === 'TimeoutError')
        throw new CalDavError('timeout', `${this.base.host} did not answer in time`);
      throw new CalDavError('unreachable', `${this.base.host} broke off its answer: ${(e as Error).message}`);
    });
    if (text === null)
      throw new CalDavError('protocol', `${this.base.host} sent an answer over ${MAX_ANSWER_BYTES / 1_000_000} MB`);
    return text;
  }

  /** The collection's change tag: unchanged ctag, unchanged calendar. */
  async ctag(): Promise<string | null> {
    const res = await this.request('PROPFIND', this.base.href, {
      headers: { ...XML, Depth: '0' },
      body: `<?xml version="1.0"?><D:propfind ${NS}><D:prop><CS:getctag/><D:sync-token/></D:prop></D:propfind>`,
    });
    const xml = await this.text(res);
    return tag(xml, 'getctag') ?? tag(xml, 'sync-token');
  }

  /** href → etag of every event resource (what incremental sync compares). */
  async etags(): Promise<Map<string, string>> {
    const res = await this.request('PROPFIND', this.base.href, {
      headers: { ...XML, Depth: '1' },
      body: `<?xml version="1.0"?><D:propfind ${NS}><D:prop><D:getetag/></D:prop></D:propfind>`,
    });
    const out = new Map<string, string>();
    for (const r of multistatus(await this.text(res)))
      if (r.etag && r.ok && new URL(r.href, this.base).href !== this.base.href)
        out.set(new URL(r.href, this.base).pathname, r.etag);
    return out;
  }

  /** Every event, or those overlapping [from, to). */
  async list(range?: { from: string; to: string }): Promise<Resource[]> {
    const filter = range
      ? `<C:comp-filter name="VEVENT"><C:time-range start="${utc(range.from)}" end="${utc(range.to)}"/></C:comp-filter>`
      : '<C:comp-filter name="VEVENT"/>';
    const res = await this.request('REPORT', this.base.href, {
      headers: { ...XML, Depth: '1' },
      body: `<?xml version="1.0"?><C:calendar-query ${NS}><D:prop><D:getetag/><C:calendar-data/></D:prop><C:filter><C:comp-filter name="VCALENDAR">${filter}</C:comp-filter></C:filter></C:calendar-query>`,
    });
    return this.resources(await this.text(res));
  }

  /** Some events by href (after `etags()` named what changed). */
  async get(hrefs: readonly string[]): Promise<Resource[]> {
    if (!hrefs.length) return [];
    const list = hrefs
      .map((h) => `<D:href>${new URL(h, this.base).pathname.replace(/&/g, '&amp;').replace(/</g, '&lt;')}</D:href>`)
      .join('');
    const res = await this.request('REPORT', this.base.href, {
      headers: { ...XML, Depth: '1' },
      body: `<?xml version="1.0"?><C:calendar-multiget ${NS}><D:prop><D:getetag/><C:calendar-data/></D:prop>${list}</C:calendar-multiget>`,
    });
    return this.resources(await this.text(res));
  }

  private resources(xml: string): Resource[] {
    return multistatus(xml)
      .filter((r) => r.ok && r.data)
      .map((r) => ({ href: new URL(r.href, this.base).pathname, etag: r.etag ?? '', text: r.data! }));
  }

  /** Where a new event with this UID lives. */
  hrefFor(uid: string): string {
    return new URL(`${encodeURIComponent(uid)}.ics`, this.base).pathname;
  }

  /** Creates (`etag` absent: fails if it exists) or updates (only if unchanged since `etag`). */
  async put(href: string, text: string, etag?: string): Promise<string> {
    const res = await this.request('PUT', href, {
      headers: {
        'Content-Type': 'text/calendar; charset=utf-8',
        ...(etag ? { 'If-Match': etag } : { 'If-None-Match': '*' }),
      },
      body: text,
    });
    return res.headers.get('etag') ?? (await this.etags()).get(new URL(href, this.base).pathname) ?? '';
  }

  async delete(href: string, etag?: string): Promise<void> {
    await this.request('DELETE', href, { headers: etag ? { 'If-Match': etag } : {} });
  }
}
