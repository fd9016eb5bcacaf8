/**
 * Places in free text, for a `location` field: where a meeting is. Mentions come in tiers and
 * the first tier that has any wins, so a specific mention is never made ambiguous by a vaguer
 * one in the same mail:
 * 1. a `Where:` / `Location:` / `Venue:` / `Place:` / `Address:` line;
 * 2. a video-call link (Zoom, Google Meet, Teams, Webex, Jitsi), a street address
 *    (`221B Baker Street`, `Hauptstraße 12`), a room (`room 4.12`, `conference room B`),
 *    `our office`;
 * 3. a named place after a meeting word (`let's meet at Café Rosa`, `lunch at the Blue Bottle`,
 *    `see you in Berlin`), a kind of place after "at" or "in" (`at Grandma's house`, `meet at the
 *    island trailhead`: up to three words before a place noun, the article dropped), or a call
 *    service named in words (`a quick Zoom`).
 */

const LABELLED = /^\s*[-*•]?\s*(?:where|location|venue|place|address|meeting point)\s*[:：]\s*(\S.{0,200}?)\s*$/gimu;
const CALL_LINK =
  /\bhttps:\/\/(?:[\w-]+\.)*(?:zoom\.us\/(?:j|my)\/[\w?=.-]+|meet\.google\.com\/[a-z-]+|teams\.microsoft\.com\/l\/meetup-join\/\S+|[\w-]+\.webex\.com\/\S+|meet\.jit\.si\/\S+)/giu;
/** `Street`, `street`, `St.`… (the pattern is case-sensitive for the capitalised names before it). */
const STREET_SUFFIX = `(?:${[
  'street',
  'st\\.?',
  'avenue',
  'ave\\.?',
  'road',
  'rd\\.?',
  'boulevard',
  'blvd\\.?',
  'lane',
  'way',
  'drive',
  'square',
  'place',
  'court',
]
  .map((w) => `[${w[0]!.toUpperCase()}${w[0]}]${w.slice(1)}`)
  .join('|')})`;
const STREET = new RegExp(
  `\\b\\d{1,5}[A-Za-z]?\\s+(?:\\p{Lu}[\\p{L}'-]*\\s+){1,3}${STREET_SUFFIX}(?![\\p{L}])|\\b\\p{Lu}[\\p{L}-]*(?:straße|strasse|str\\.|weg|platz|allee|gasse|gracht|laan)\\s+\\d{1,4}[a-z]?\\b|\\b(?:rue|via|calle|avenida|rua)\\s+(?:d[eu']\\s*|la\\s+|del\\s+)?\\p{Lu}[\\p{L}'-]*(?:\\s+\\p{Lu}[\\p{L}'-]*){0,2}(?:,?\\s+\\d{1,4})?`,
  'gu',
);
const ROOM =
  /\b((?:meeting |conference |board ?)?room\s+(?!for\b|with\b|to\b|and\b|in\b|at\b)[\p{L}\p{N}](?:[\p{L}\p{N}.-]*[\p{L}\p{N}])?|(?:our|your|the) office)\b/giu;
const SERVICE = /\b(zoom|google meet|microsoft teams|webex|skype|jitsi)\b/giu;
const NAMED =
  /\b(?:meet(?:ing)?|see you|join us|lunch|dinner|breakfast|coffee|drinks|held|hosted|venue is|we're|we are)\b[^.\n]{0,30}?\b(?:at|in)\s+((?:the\s+)?\p{Lu}[\p{L}'&-]*(?:\s+(?:\p{Lu}[\p{L}'&-]*|\d+[a-z]?|of|on|de|du|la))*)/gu;
/** Nouns that name a kind of place; the words before one say which (`the island trailhead`). */
const PLACE_NOUNS = [
  'house',
  'home',
  'trailhead',
  'park',
  'cafe',
  'café',
  'restaurant',
  'bar',
  'pub',
  'hotel',
  'station',
  'airport',
  'gate',
  'entrance',
  'lobby',
  'beach',
  'library',
  'museum',
  'hall',
  'center',
  'centre',
  'church',
  'garden',
  'campus',
  'stadium',
  'club',
  'studio',
  'marina',
  'pier',
  'lake',
].join('|');
const KIND_OF_PLACE = new RegExp(
  `\\b(?:at|in)\\s+(?:the|a|an|our|my|your|his|her|their)?\\s*((?:[\\p{L}'’&-]+\\s+){0,3}?(?:${PLACE_NOUNS}))(?![\\p{L}])`,
  // Case-sensitive: a capitalised noun is part of a name (`Café Rosa`), which the meeting-word rule reads.
  'gu',
);
/** Capitalised words that are not places: days, months, times of day. */
const WHEN =
  '(?:monday|tuesday|wednesday|thursday|friday|saturday|sunday|january|february|march|april|may|june|july|august|september|october|november|december|noon|midnight|q[1-4])\\b';
const NOT_A_PLACE = new RegExp(`^(?:the\\s+)?${WHEN}`, 'i');
/** "Café Rosa on Tuesday": the place ends where the time begins. */
const TIME_TAIL = new RegExp(`\\s+(?:on|of|in)\\s+${WHEN}.*$`, 'i');

const trimPlace = (s: string): string =>
  s
    .replace(TIME_TAIL, '')
    .replace(/[\s,;:.!?)]+$/u, '')
    .replace(/\s+(?:on|of|de|du|la)$/iu, '');

function all(text: string, re: RegExp, group = 0): string[] {
  return [...text.matchAll(re)].map((m) => trimPlace(m[group] ?? '')).filter(Boolean);
}

export function findPlaces(text: string): string[] {
  const tiers = [
    () => all(text, LABELLED, 1),
    () => [...all(text, CALL_LINK), ...all(text, STREET), ...all(text, ROOM, 1)],
    () => [
      ...all(text, NAMED, 1).filter((p) => !NOT_A_PLACE.test(p)),
      ...all(text, KIND_OF_PLACE, 1),
      ...all(text, SERVICE, 1),
    ],
  ];
  for (const tier of tiers) {
    const found = tier();
    if (found.length) return found;
  }
  return [];
}
