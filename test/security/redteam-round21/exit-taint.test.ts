/**
 * Round 21, finding 1: a call that hands its caller an exit taint, made in a region the attacker's
 * text decided. A plan function that may return early (`if (b.subject.length > 1000) return 1`) hands
 * what decided that (another email's label, e02) to the rest of its caller as the call's exit taint
 * (docs/semantics.md §3, "What an early return tells the caller"); the caller picks it up only where
 * the call ran. So when e33's text decides whether the call runs (`if (a.body.includes('customs'))
 * f()`), the later `archiveEmail('e01')` was decided by e02 in one world and by nothing in the other:
 * allowed as self-scoped when e33 did not say the word, asked when it did. e33 decided whether e01 was
 * archived. STRICT held in the engine (effects.ts `fnRaises`, e65bb80); NORMAL did not, and the
 * reference monitor held in neither mode. Property: the demo worlds (e33 as it is, with other text,
 * dated first and last) make the same allowed changes to other mail, in the engine and the reference.
 */
import { describe, it } from 'vitest';
import { sameQuietEffects, sameQuietEffectsInReference } from '../redteam-round19/demo-worlds';

const HEAD = "const a = await getEmail('e33');\nconst b = await getEmail('e02');\n";
const A = "a.body.includes('customs')";
const RAISES = 'function f() { if (b.subject.length > 1000) return 1; return 2; }\n';
const THEN = "\nawait archiveEmail('e01');";

export const EXIT_PLANS: Record<string, string> = {
  'a call in a branch': `${RAISES}if (${A}) f();`,
  'a call in the branch not taken': `${RAISES}if (${A}) {} else f();`,
  'a call of a function that calls one that raises': `${RAISES}function g() { f(); return 0; }\nif (${A}) g();`,
  'a call in an arm of ?:': `${RAISES}const r = ${A} ? f() : 0;`,
  'a call on the right of &&': `${RAISES}${A} && f();`,
  'a throw below the top level, caught by the caller': `function f() { if (b.subject.length > 1000) throw 1; return 2; }\ntry { if (${A}) f(); } catch (e) {}`,
  'a call in a loop the text decides': `${RAISES}for (const w of a.body.split(' ')) if (w === 'customs') f();`,
  'an arrow function stored in a const': `const f = () => { if (b.subject.length > 1000) return 1; return 2; };\nif (${A}) f();`,
  // A function value the analysis cannot name (a parameter) may hand back an exit taint as well.
  'a call of a parameter in a branch': `${RAISES}function run(g) { if (${A}) g(); return 0; }\nrun(f);`,
  'a call inside a function the branch calls, the archive after it in the caller': `${RAISES}function h() { if (${A}) f(); return 0; }\nh();`,
};

describe('a call that may hand back an exit taint, in a region the attacker decided (both modes)', () => {
  for (const mode of ['strict', 'normal'] as const)
    for (const [name, body] of Object.entries(EXIT_PLANS)) {
      it(`[${mode}] ${name}`, () => sameQuietEffects(HEAD + body + THEN, mode));
      it(`[${mode}] ${name}: the reference monitor`, () => sameQuietEffectsInReference(HEAD + body + THEN, mode));
    }
});
