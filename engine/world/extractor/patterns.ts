/**
 * Identifiers found in text: email addresses, URLs, phone numbers, IBANs, one-time codes,
 * reference numbers. Unicode letters are accepted in addresses and hosts on purpose, so that
 * look-alike (homoglyph) addresses are extracted as they are and can be refused downstream.
 */

export interface Found {
  readonly index: number;
  readonly value: string;
}

const all = (text: string, re: RegExp, pick: (m: RegExpExecArray) => string = (m) => m[0]): Found[] => {
  const out: Found[] = [];
  for (const m of text.matchAll(re)) out.push({ index: m.index, value: pick(m as RegExpExecArray) });
  return out;
};

export const findEmails = (text: string): Found[] =>
  all(text, /[\p{L}\p{N}._%+-]+@[\p{L}\p{N}-]+(?:\.[\p{L}\p{N}-]+)*\.\p{L}{2,}/gu).map((f) => ({
    index: f.index,
    value: f.value.replace(/^[._-]+/, ''),
  }));

const trimUrl = (f: Found): Found => ({ index: f.index, value: f.value.replace(/[.,;:!?]+$/, '') });

/**
 * `https://…` links; only when there are none, web addresses written without a scheme
 * (`www.example.com/reset`), so that a mail with a real link is not made ambiguous by a bare mention.
 */
export const findUrls = (text: string): Found[] => {
  const links = all(text, /\bhttps?:\/\/[^\s<>"'()\]]+/giu);
  const found = links.length
    ? links
    : all(text, /(?<![\p{L}\p{N}@./:-])www\.[\p{L}\p{N}-]+(?:\.[\p{L}\p{N}-]+)+(?:\/[^\s<>"'()\]]*)?/giu);
  return found.map(trimUrl);
};

export const findPhones = (text: string): Found[] =>
  all(text, /(?<![\w+])\+?\d[\d ()./-]{6,}\d(?!\w)/g)
    .filter((f) => f.value.replace(/\D/g, '').length >= 8 && !/^\d{4}-\d{2}-\d{2}/.test(f.value))
    .map((f) => ({ index: f.index, value: f.value.trim() }));

/** IBANs: two letters, two check digits, 11–30 alphanumerics, spaces allowed in groups of four. */
export const findIbans = (text: string): Found[] =>
  all(text, /\b[A-Z]{2}\d{2}(?: ?[A-Z0-9]{4}){2,7}(?: ?[A-Z0-9]{1,4})?\b/g).map((f) => ({
    index: f.index,
    value: f.value.replace(/\s+/g, ''),
  }));

/** Codes of 4–8 digits (or 3+3 like `482 913`) near "code", "OTP", "PIN" or "verification". */
export const findCodes = (text: string): Found[] =>
  all(text, /\b(?:code|otp|pin|passcode|verification|one-time)\b[^\d\n]{0,40}(\d{3}[ -]?\d{3}|\d{4,8})(?!\d)/gi, (m) =>
    (m[1] ?? '').replace(/[ -]/g, ''),
  );

/** Reference-like identifiers: `INV-2041`, `PO #7781`, `Order 112-33`. */
export const findReferences = (text: string): Found[] =>
  all(text, /\b(?:[A-Z]{2,5}-\d{2,}(?:-\d+)*|#\d{3,})\b/g).map((f) => ({ index: f.index, value: f.value }));
