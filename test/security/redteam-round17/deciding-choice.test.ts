/**
 * Round 17, finding 1 (NORMAL): a choice that decides control keeps what chose it. NORMAL lets
 * implicit flows into values pass, but every call still records its control context, which the
 * policy reads (organising mail is allowed on its own only when every untrusted source of the
 * arguments and the context is the email acted on). The value of `A && B`, `A || B`, `A ?? B` or
 * `A ? x : y` carried only the operand it took, so where that value itself decides control (an
 * `if`'s or a loop's test, a `switch`, a ternary's test, the left of a statement's `&&`, the
 * function called), the code it ran was recorded as decided by that operand alone: the
 * attacker's email (e33) archived another email (e01) on its own, allowed as self-scoped, when
 * the plan wrote `if (e33 says so && true)` rather than `if (e33 says so)`. Property: two demo
 * worlds that differ only in e33's text make the same allowed changes to other mail, for each of
 * these shapes, in both modes; and the reference monitor follows the same rule (its calls record
 * the attacker's email in their context), with the engine at least as restrictive.
 */
import { A, decidingShapes } from '../deciding-shapes';

const SHAPES: Record<string, string> = {
  'if (A && B)': `if (${A} && true) await archiveEmail('e01');`,
  'if (A || B)': `if (${A} || false) await archiveEmail('e01');`,
  'if (A ?? B)': `if ((${A} ? true : null) ?? false) await archiveEmail('e01');`,
  'if (A ? x : y)': `if (${A} ? 1 : 0) await archiveEmail('e01');`,
  'if (!(A && B))': `if (!(${A} && true)) { } else { await archiveEmail('e01'); }`,
  'nested choice': `if ((${A} && 1) ? (true || 0) : false) await archiveEmail('e01');`,
  'while (A && B)': `let n = 0; while (${A} && n < 1) { n++; await archiveEmail('e01'); }`,
  'do … while (A && B)': `let n = 0; do { if (n > 0) await archiveEmail('e01'); n++; } while (${A} && n < 2);`,
  'for (; A && B;)': `for (let n = 0; ${A} && n < 1; n++) await archiveEmail('e01');`,
  'switch (A && B)': `switch (${A} && 1) { case 1: await archiveEmail('e01'); }`,
  'case (A && B)': `switch (1) { case (${A} && 1): await archiveEmail('e01'); }`,
  '(A && B) && call': `(${A} && true) && (await archiveEmail('e01'));`,
  '(A && B) ? call : 0': `(${A} && true) ? await archiveEmail('e01') : 0;`,
  '(A ? f : g)()': `function f() { return archiveEmail('e01'); } function g() { return 0; } await (${A} && true ? f : g)();`,
};

decidingShapes(
  SHAPES,
  'a choice that decides control keeps what chose it (both modes)',
  'the reference monitor reads a deciding choice the same way',
);
