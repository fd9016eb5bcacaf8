/**
 * HTML mail, two ways: as plain text (what the engine, search and triage read when a message has
 * no text part) and as sanitised HTML for the sandboxed viewer. The sanitiser is defence in
 * depth, not the boundary: the viewer renders in a sandboxed frame with scripts off. It removes
 * active content and blocks remote loads (tracking pixels) so that merely opening a message
 * tells its sender nothing.
 */

const NAMED: Readonly<Record<string, string>> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  nbsp: ' ',
  ndash: '–',
  mdash: '—',
  hellip: '…',
  laquo: '«',
  raquo: '»',
  copy: '©',
  reg: '®',
  euro: '€',
};

export function decodeEntities(s: string): string {
  return s.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, e: string) => {
    if (e[0] === '#') {
      const code = e[1] === 'x' || e[1] === 'X' ? parseInt(e.slice(2), 16) : parseInt(e.slice(1), 10);
      return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : whole;
    }
    return NAMED[e.toLowerCase()] ?? whole;
  });
}

/** Elements whose content is never text a person reads. */
const INVISIBLE = /<(script|style|head|title|template|noscript|svg|math)\b[^>]*>[\s\S]*?<\/\1\s*>/gi;

export function htmlToText(html: string): string {
  return decodeEntities(
    html
      .replace(/<!--[\s\S]*?-->/g, '')
      .replace(INVISIBLE, '')
      .replace(/<br\s*\/?>/gi, '\n')
      .replace(/<li\b[^>]*>/gi, '\n• ')
      .replace(/<\/(p|div|h[1-6]|tr|table|blockquote|pre|section|article|header|footer)\s*>/gi, '\n')
      .replace(/<(p|div|h[1-6]|tr|table|blockquote|pre)\b[^>]*>/gi, '\n')
      .replace(/<\/t[dh]\s*>/gi, '\t')
      .replace(/<[^>]*>/g, ''),
  )
    .replace(/[ \t\u00a0]+/g, ' ')
    .replace(/ ?\n ?/g, '\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

/** Elements removed with their content: scripts, frames, plugins, forms, document-level tags. */
const DROPPED =
  /<(script|style|iframe|frame|frameset|object|embed|applet|form|template|noscript|svg|math)\b[^>]*>[\s\S]*?<\/\1\s*>/gi;
const DROPPED_SINGLE =
  /<\/?(script|style|iframe|frame|frameset|object|embed|applet|form|input|button|select|textarea|link|meta|base|template|noscript|svg|math)\b[^>]*>/gi;

/** An opening tag, quoted attribute values (which may hold `>`) included. */
const OPEN_TAG = /<[a-z](?:"[^"]*"|'[^']*'|[^'">])*>/gi;
/** An attribute; browsers also accept `/` as the separator before one (`<img/onerror=…>`). */
const ATTRIBUTE = /([\s/])([^\s/>"'=]+)(?:\s*=\s*("[^"]*"|'[^']*'|[^\s>]+))?/g;

function cleanTag(tag: string): string {
  return tag.replace(ATTRIBUTE, (whole, sep: string, rawName: string, value: string | undefined) => {
    const name = rawName.toLowerCase();
    // Event handlers (onload=, onerror=…) and inline styles (which can load URLs).
    if (/^on|^(style|srcset|formaction|xmlns|xlink:href)$/.test(name)) return '';
    if (value === undefined || !/^(href|src|background|action|poster|cite|longdesc)$/.test(name)) return whole;
    const url = decodeEntities(value.replace(/^["']|["']$/g, ''))
      .replace(/[\s\p{Cc}]+/gu, '')
      .toLowerCase();
    if (/^(javascript|vbscript|data):/.test(url) && !/^data:image\/(png|gif|jpe?g|webp);/.test(url)) return '';
    // Remote loads become inert (the viewer can offer to load them); links stay links.
    if (name !== 'href' && /^(https?:)?\/\//.test(url)) return `${sep}data-blocked-${name}=${value}`;
    return whole;
  });
}

export function sanitizeHtml(html: string): string {
  return html
    .replace(/<!--[\s\S]*?-->/g, '')
    .replace(DROPPED, '')
    .replace(DROPPED_SINGLE, '')
    .replace(OPEN_TAG, (tag) => {
      const name = /^<[a-z0-9-]+/i.exec(tag)![0];
      return name + cleanTag(tag.slice(name.length));
    });
}
