/**
 * Round 19, finding 3: an update whose value is used reads what it updates. The listing-order rule
 * (engine/plan/listing-order.ts) lets a loop over a listing run each iteration under its own item
 * when no iteration reads what an earlier one carried; `n++` and `n += 1` on their own only update
 * `n`, so they do not count. But `if (n++ === 0)` reads `n` too: the first iteration sees 0, every
 * later one does not. The engine and the reference monitor counted every `++`, `--` and compound
 * assignment as an update alone, so `for (const x of xs) { if (n++ === 0) await archiveEmail(x.id); }`
 * ran as a per-item loop: the first email of the inbox was archived on its own (allowed as
 * self-scoped) unless the attacker dated their email (e33) to come first, in STRICT and NORMAL.
 * Property: the demo worlds (demo-worlds.ts) make the same allowed changes to other mail, in the
 * engine and in the reference monitor.
 */
import { describe, it } from 'vitest';
import { sameQuietEffects, sameQuietEffectsInReference } from './demo-worlds';

const INBOX = "const xs = await listEmails({ folder: 'INBOX', limit: 50 });\nlet n = 0;\n";
const PLANS: Record<string, string> = {
  'n++ in a test': `for (const x of xs) { if (n++ === 0) await archiveEmail(x.id); }`,
  '++n in a test': `for (const x of xs) { if (++n === 1) await archiveEmail(x.id); }`,
  'n += 1 in a test': `for (const x of xs) { if ((n += 1) === 1) await archiveEmail(x.id); }`,
  'n++ kept in a const': `for (const x of xs) { const k = n++; if (k === 0) await archiveEmail(x.id); }`,
  'n++ as an argument': `function first(k, id) { return k === 0 ? archiveEmail(id) : null; } for (const x of xs) { await first(n++, x.id); }`,
};

describe('an update whose value is used reads what it updates (both modes)', () => {
  for (const mode of ['strict', 'normal'] as const)
    for (const [name, body] of Object.entries(PLANS)) {
      it(`[${mode}] ${name}`, () => sameQuietEffects(INBOX + body, mode));
      it(`[${mode}] ${name}: the reference monitor`, () => sameQuietEffectsInReference(INBOX + body, mode));
    }
});
