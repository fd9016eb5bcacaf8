/**
 * Plans generated over the engine's newest fast paths (round 15), each reached with labeled and
 * unlabeled values, under a labeled context or none, inside a `try` or not, in a function (with
 * an early return before it) or not: collect loops (`__R.pushT`, over a list or over
 * `x.split(sep)`), search loops (`__R.anyT`), split reads (`__R.splitAt`), has tests
 * (`__R.hasT`), keyed counting (`R.get`/`R.set` with a labeled text key), test callbacks that
 * answer a field (`filter((x) => x.unread)`), field comparators, and a name used before its
 * declaration has run (finding 1).
 */
import fc from 'fast-check';
import { nestedArb, planArb } from '../../engine/reference/programs';

// Text of either email (e: the attacker's or a colleague's, chosen per program), or plain.
const text = fc.constantFrom('e.body', 'e.subject', 'e.from', "'alpha beta gamma'", 's');
const words = fc.constantFrom('ws', "['zed', 'offer', 'x']", 'e.to', "(e.unread ? ws : ['zz'])");
const sep = fc.constantFrom("' '", "'@'", "'<'", "''", 'e.subject.slice(0, 1)');
const test = fc.constantFrom(
  'e.subject.length > 10',
  "e.from.includes('attacker')",
  'e.unread',
  'seen.has(s)',
  '!seen.has(e.id)',
  'counts[e.id.slice(0, 1)] > 0',
  'n < 2',
);

const leaf: fc.Arbitrary<string> = fc.oneof(
  fc
    .tuple(text, sep, fc.constantFrom('> 2', '< 4', '>= 1'), fc.constantFrom('w', 'w.toLowerCase()', 'w.trim()'))
    .map(([t, p, c, v]) => `for (const w of ${t}.split(${p})) if (w.length ${c}) out.push(${v});`),
  fc
    .tuple(words, fc.constantFrom('> 2', '<= 3'), fc.constantFrom('w', 'w.toUpperCase()'))
    .map(([l, c, v]) => `for (const w of ${l}) if (w.length ${c}) out.push(${v});`),
  fc
    .tuple(words, fc.constantFrom('includes', 'startsWith', 'endsWith'))
    .map(([l, m]) => `for (const w of ${l}) if (s.${m}(w)) { hit = true; n = 1; break; }`),
  fc
    .tuple(text, fc.constantFrom("'@'", "'<'", "' '"), fc.nat(3))
    .map(([t, p, k]) => `s = ${t}.split(${p})[${k}] ?? s;`),
  text.map((t) => `seen.add(${t});`),
  text.map((t) => `counts[${t}.slice(0, 1)] = (counts[${t}.slice(0, 1)] ?? 0) + 1;`),
  fc.constant('n = list.filter((x) => x.unread).length;'),
  fc.constant('s = list.find((x) => x.cc.length > 0)?.id ?? s;'),
  fc.constant('s = list.slice().sort((a, b) => b.body.length - a.body.length || (a.id < b.id ? -1 : 1))[0].id;'),
  fc.constant('n = late();'),
  text.map((t) => `s = ${t};`),
);

const stmt = nestedArb(leaf, (block) => [
  fc.tuple(test, block, block).map(([c, a, b]) => `if (${c}) { ${a} } else { ${b} }`),
  fc.tuple(block).map(([b]) => `try { ${b} } catch (err) { n = -1; }`),
  fc.tuple(block).map(([b]) => `try { JSON.parse(e.body); ${b} } catch (err) { n = 2; }`),
  fc.tuple(test, block).map(([c, b]) => `(() => { if (${c}) { return; } ${b} })();`),
  fc.tuple(block).map(([b]) => `for (const x of list) { if (x.unread) { ${b} } }`),
]);

const effect = fc.constantFrom(
  "await sendEmail({ to: ['omar@northwind.test'], subject: s, body: String(n) + String(hit) });",
  "await createDraft({ to: ['omar@northwind.test'], subject: JSON.stringify(out), body: JSON.stringify(counts) });",
  "if (hit) { await sendEmail({ to: ['priya@northwind.test'], subject: 'hit', body: 'x' }); }",
  "if (seen.has('zed@attacker.test')) { await sendEmail({ to: ['priya@northwind.test'], subject: 'seen', body: 'x' }); }",
);

export const newestFastPathProgramArb: fc.Arbitrary<string> = planArb(
  stmt(2),
  effect,
  `const out = [];
const seen = new Set();
const counts = {};
const ws = ['zed', 'draft', 'week'];
let n = 0;
let hit = false;
let s = 'plain';`,
  `const tail = [];
function late() { if (e.subject.length > 99) { tail.push(1); } for (const w of ws) if (w.length > 9) tail.push(w); return 0; }
return { n, hit, s, out, counts, seen: [...seen] };`,
);
