/**
 * Round 19, finding 2 (NORMAL): a deciding choice handed on by `await` or `=` kept no chooser.
 * Round 17 made a choice whose value only decides control carry what chose it in NORMAL too (an
 * `if (A && true)` runs its branch under `A`), marking the operands of `&&`, `||`, `??`, `?:`, `!`
 * and `,` that can become the test's value. `await x` and `t = x` hand their operand's value on as
 * theirs, but the marking stopped there, so `if (await (A && true))` and `if (t = A && true)` ran
 * their branch as decided by nothing: the attacker's email (e33) archived another email (e01) on
 * its own, allowed as self-scoped. Property: two demo worlds that differ only in e33's text make the
 * same allowed changes to other mail, in both modes; the reference monitor reads the same shapes the
 * same way (its calls record the attacker's email in their context), the engine at least as
 * restrictive.
 */
import { A, decidingShapes } from '../deciding-shapes';

const SHAPES: Record<string, string> = {
  'if (await (A && B))': `if (await (${A} && true)) await archiveEmail('e01');`,
  'if (t = A && B)': `let t = false; if (t = ${A} && true) await archiveEmail('e01');`,
  'if (await (t = A && B))': `let t = false; if (await (t = ${A} && true)) await archiveEmail('e01');`,
  'while (await (A && B))': `let n = 0; while (await (${A} && n < 1)) { n++; await archiveEmail('e01'); }`,
  'switch (await (A && B))': `switch (await (${A} && 1)) { case 1: await archiveEmail('e01'); }`,
  '(await (A && B)) ? call : 0': `(await (${A} && true)) ? await archiveEmail('e01') : 0;`,
  '(t = A && B) && call': `let t = 0; (t = ${A} && true) && (await archiveEmail('e01'));`,
};

decidingShapes(
  SHAPES,
  'a deciding choice handed on by await or = keeps what chose it (both modes)',
  'the reference monitor reads them the same way',
);
