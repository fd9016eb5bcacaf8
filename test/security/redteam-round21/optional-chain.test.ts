/**
 * Round 21, finding 2: the reference monitor's optional chain. The tail of `o?.x…` runs only when
 * `o` is not null or undefined: a region on that test (docs/semantics.md §3b). The reference monitor
 * opened the region but never joined the tested object's label into it, so a tail that ran (and a
 * tool call in it) ran under nothing of what chose `o`, and a short-circuited `undefined` carried
 * nothing either: with `o = A ? null : {…}` (STRICT, where `o` carries `A`) or `o` a labeled match
 * (both modes), e01 was archived as self-scoped when e33 did not say the word, and not when it did.
 * The engine held (it runs the tail under the object's label). Property: the demo worlds make the
 * same allowed changes to other mail, in the engine and in the reference monitor. NORMAL passes the
 * `?:` shapes by design (a choice whose value goes on as data, round 19 idea 39).
 */
import { describe, it } from 'vitest';
import { sameQuietEffects, sameQuietEffectsInReference } from '../redteam-round19/demo-worlds';

const HEAD = "const a = await getEmail('e33');\n";
const CHOSEN = "const o = a.body.includes('customs') ? null : { x: 'x' };\n";
const MATCHED = 'const o = a.body.match(/customs/);\n';

const BOTH: Record<string, string> = {
  'a labeled match, a call in the tail': `${MATCHED}o?.[0].concat(String(await archiveEmail('e01')));`,
  'a labeled match, the short-circuited undefined tested': `${MATCHED}const v = o?.index; if (v === undefined) await archiveEmail('e01');`,
  'a labeled match, an optional method call': `${MATCHED}o?.concat([await archiveEmail('e01')]);`,
};
const STRICT_ONLY: Record<string, string> = {
  'a chosen object, a call in the tail': `${CHOSEN}o?.x.concat(String(await archiveEmail('e01')));`,
  'a chosen object, the short-circuited undefined tested': `${CHOSEN}const v = o?.x; if (v === undefined) await archiveEmail('e01');`,
};

describe('an optional chain’s tail runs under what the `?.` tested', () => {
  for (const mode of ['strict', 'normal'] as const)
    for (const [name, body] of Object.entries({ ...BOTH, ...(mode === 'strict' ? STRICT_ONLY : {}) })) {
      it(`[${mode}] ${name}`, () => sameQuietEffects(HEAD + body, mode));
      it(`[${mode}] ${name}: the reference monitor`, () => sameQuietEffectsInReference(HEAD + body, mode));
    }
});
