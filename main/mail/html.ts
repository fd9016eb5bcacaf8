/**
 * HTML mail, two ways: as plain text (what the engine, search and triage read when a message has
 * no text part) and as sanitised HTML for the sandboxed viewer. Both read the HTML with a real
 * parser (htmlparser2: the tokenizer browsers' rules are modelled on, every named entity of the
 * HTML standard decoded), so an odd tag, an unquoted attribute or `&ThickSpace;` reads as a
 * browser would read it, not as a regular expression guesses.
 *
 * The sanitiser is defence in depth, not the boundary: the viewer renders in a sandboxed frame
 * with scripts off. It rebuilds the document from an allowlist — known harmless elements and
 * attributes, every text and attribute value escaped again — so scripts, event handlers, forms,
 * frames, plugins and style sheets never reach the frame, and remote loads (tracking pixels)
 * become inert `data-blocked-*` attributes, so that merely opening a message tells its sender
 * nothing.
 */
import { escapeAttribute, escapeText } from 'entities';
import { Parser } from 'htmlparser2';

/**
 * How deep elements nest before the next one is closed at once (its content then follows it),
 * as Chromium's parser stops nesting at 512. htmlparser2 keeps its open elements in an array it
 * grows at the front (`unshift`), so each element opened inside n others cost n: 100,000 nested
 * `<div>`s (500 KB of mail) took 5 s to sanitise, 1.6 s more to read as text, and the text is
 * read on the main thread when a message is opened (red-team round 18). Capped, it is linear.
 */
const MAX_DEPTH = 512;

/**
 * The parser's open elements, newest first, and how it closes the newest one (emitting the close
 * as an implied one): not in htmlparser2's typings, so checked once on load.
 */
interface OpenElements {
  readonly stack: readonly string[];
  popElement(implied: boolean): void;
}
const openElements = (parser: Parser): OpenElements => parser as unknown as OpenElements;
{
  const probe = openElements(new Parser({}));
  if (!Array.isArray(probe.stack) || typeof probe.popElement !== 'function')
    throw new Error('htmlparser2 changed: its Parser has no stack and popElement to cap nesting with');
}

/** Parses `html`, calling `open`/`text`/`close` as a browser's tokenizer would see them. */
function walk(
  html: string,
  on: {
    open(name: string, attributes: Readonly<Record<string, string>>): void;
    text(text: string): void;
    close(name: string, implied: boolean): void;
  },
): void {
  const parser: Parser = new Parser(
    {
      onopentag: (name, attributes) => {
        on.open(name, attributes);
        if (openElements(parser).stack.length > MAX_DEPTH) openElements(parser).popElement(true);
      },
      ontext: (text) => on.text(text),
      onclosetag: (name, implied) => on.close(name, implied),
    },
    { decodeEntities: true, lowerCaseTags: true, lowerCaseAttributeNames: true, recognizeSelfClosing: false },
  );
  parser.write(html);
  parser.end();
}

/** Counts how deep inside an element of `names` the walk is, so that element and its content are left out. */
function skipper(names: ReadonlySet<string>) {
  let depth = 0;
  return {
    /** Whether this opening tag is left out. */
    open(name: string): boolean {
      if (names.has(name)) depth++;
      return depth > 0;
    },
    /** Whether this closing tag is left out. */
    close(name: string): boolean {
      const inside = depth > 0;
      if (inside && names.has(name)) depth--;
      return inside;
    },
    get inside(): boolean {
      return depth > 0;
    },
  };
}

/** Elements whose content is never text a person reads. */
const INVISIBLE = new Set([
  'script',
  'style',
  'head',
  'title',
  'template',
  'noscript',
  'svg',
  'math',
  'iframe',
  'object',
]);
/** Elements that start and end a block of text. */
const BLOCK = new Set([
  'p',
  'div',
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'tr',
  'table',
  'blockquote',
  'pre',
  'section',
  'article',
  'header',
  'footer',
  'ul',
  'ol',
  'dl',
  'dt',
  'dd',
  'hr',
  'address',
  'figure',
  'figcaption',
]);

export function htmlToText(html: string): string {
  const out: string[] = [];
  const skip = skipper(INVISIBLE);
  walk(html, {
    open(name, attributes) {
      if (skip.open(name)) return;
      // The viewer shows an image's alt text wherever the image is not, and every remote image is blocked.
      if (name === 'img' && attributes.alt) out.push(` ${attributes.alt} `);
      else if (name === 'br') out.push('\n');
      else if (name === 'li') out.push('\n• ');
      else if (BLOCK.has(name)) out.push('\n');
    },
    text(text) {
      if (!skip.inside) out.push(text);
    },
    close(name) {
      if (skip.close(name)) return;
      if (name === 'td' || name === 'th') out.push('\t');
      else if (BLOCK.has(name)) out.push('\n');
    },
  });
  return out
    .join('')
    .replace(/[ \t\u00a0\r\f\v]+/g, ' ')
    .replace(/ ?\n ?/g, '\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

/** Removed with everything inside them: active content, frames, plugins, forms and their controls, style sheets. */
const DROPPED = new Set([
  'script',
  'style',
  'iframe',
  'frame',
  'frameset',
  'object',
  'embed',
  'applet',
  'form',
  'button',
  'select',
  'textarea',
  'template',
  'noscript',
  'svg',
  'math',
  'head',
  'title',
]);

/**
 * Elements kept (any other is left out, its text kept). Nothing that lays text out in another
 * order than the document's is kept: not `bdo` (its letters backwards), not `dir` (a table's cells
 * right to left), not a right float (`align="right"` on a table or an image: the first one
 * rightmost), nor the override, embedding and isolate characters: the fraud checks read the
 * document's order (`htmlToText`), and a request written backwards must read backwards to the
 * person too (red-team round 24).
 */
// prettier-ignore
const ALLOWED = new Set([
  'a', 'abbr', 'address', 'article', 'aside', 'b', 'bdi', 'big', 'blockquote', 'br', 'caption',
  'center', 'cite', 'code', 'col', 'colgroup', 'dd', 'del', 'details', 'dfn', 'div', 'dl', 'dt', 'em',
  'figcaption', 'figure', 'font', 'footer', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'header', 'hr', 'i',
  'img', 'ins', 'kbd', 'li', 'main', 'mark', 'nav', 'ol', 'p', 'pre', 'q', 's', 'samp', 'section',
  'small', 'span', 'strike', 'strong', 'sub', 'summary', 'sup', 'table', 'tbody', 'td', 'tfoot', 'th',
  'thead', 'time', 'tr', 'tt', 'u', 'ul', 'var', 'wbr',
]);

const VOID = new Set(['br', 'col', 'hr', 'img', 'wbr']);

/** Presentational attributes with no way to run or load anything, or to reorder text (no `dir`). */
// prettier-ignore
const PLAIN_ATTRIBUTES = new Set([
  'alt', 'title', 'width', 'height', 'align', 'valign', 'colspan', 'rowspan', 'span', 'border',
  'cellpadding', 'cellspacing', 'bgcolor', 'color', 'face', 'size', 'lang', 'class', 'start',
  'type', 'datetime', 'abbr', 'scope', 'headers', 'nowrap', 'open', 'reversed',
]);

/** Attributes that load what they name as soon as the document renders. */
const LOADING = new Set(['src', 'background', 'poster']);

/** A URL as a browser reads it: whitespace and control characters inside are ignored. */
const compact = (url: string): string => url.replace(/[\s\p{Cc}]+/gu, '').toLowerCase();

const scheme = (url: string): string | null => /^([a-z][a-z0-9+.-]*):/.exec(compact(url))?.[1] ?? null;

/** A stand-in for the viewer page's own address: relative URLs resolve against it. */
const PAGE = 'http://viewer.invalid/mail/';

/**
 * Whether a relative URL reaches another host once the browser resolves it against the page: not
 * only `//host/…`, but `\\host`, `/\host` and `\/host` too, which an http URL reads as `//host`
 * (red-team round 18). Resolved by the WHATWG URL parser, the one browsers implement.
 */
function leavesPage(url: string): boolean {
  try {
    return new URL(url, PAGE).host !== new URL(PAGE).host;
  } catch {
    return true;
  }
}

const LINK_SCHEMES = new Set(['http', 'https', 'mailto', 'tel']);
const INLINE_IMAGE = /^data:image\/(?:png|gif|jpe?g|webp);/;

/** Characters that lay text out in another order than it is written (U+202A–U+202E, U+2066–U+2069). */
const BIDI_CONTROLS = /[\u202a-\u202e\u2066-\u2069]/g;
const inOrder = (text: string): string => text.replace(BIDI_CONTROLS, '');

/** An element floated right by its `align`: laid out from the right, the first one rightmost. */
const FLOATS = new Set(['table', 'img']);

/** The attribute as it may appear in the viewer, or null to leave it out. */
function attribute(element: string, name: string, value: string): readonly [string, string] | null {
  if (name === 'align' && FLOATS.has(element) && value.trim().toLowerCase() === 'right') return null;
  // A blocked load is inert data (no script runs in the viewer): kept, so sanitising is idempotent.
  if (PLAIN_ATTRIBUTES.has(name)) return [name, inOrder(value)];
  if (/^data-blocked-(?:src|background|poster)$/.test(name)) return [name, value];
  if (name === 'href' && element === 'a') {
    const s = scheme(value);
    return s === null || LINK_SCHEMES.has(s) ? [name, value] : null;
  }
  if (LOADING.has(name)) {
    if (INLINE_IMAGE.test(compact(value))) return [name, value];
    const s = scheme(value);
    // Remote loads become inert (the viewer can offer to load them); nothing else loads at all.
    if (s === 'http' || s === 'https' || (s === null && leavesPage(value))) return [`data-blocked-${name}`, value];
    return s === null ? [name, value] : null;
  }
  return null;
}

export function sanitizeHtml(html: string): string {
  const out: string[] = [];
  const skip = skipper(DROPPED);
  walk(html, {
    open(name, attributes) {
      if (skip.open(name) || !ALLOWED.has(name)) return;
      const kept = Object.entries(attributes).flatMap(([k, v]) => {
        const a = attribute(name, k, v);
        return a ? [` ${a[0]}="${escapeAttribute(a[1])}"`] : [];
      });
      out.push(`<${name}${kept.join('')}>`);
    },
    text(text) {
      if (!skip.inside) out.push(escapeText(inOrder(text)));
    },
    close(name) {
      if (skip.close(name) || !ALLOWED.has(name) || VOID.has(name)) return;
      out.push(`</${name}>`);
    },
  });
  return out.join('');
}
