// attack: the caught error's message says which operation threw: one in a branch NOT taken, or a later one; the message goes out as trusted data
// mechanism: engine/plan/effects.ts (Effects) and emit-regions.ts (mergeCode): only an explicit throw/return makes a region escape; an operation that may throw in a region NOT taken adds nothing to the try's accumulator (R.tc), so the merge restores a clean context and the rest of the try runs as if the attacker's text had not decided whether it throws
// normal: leaks (implicit flow: which error was thrown; NORMAL lets it through by design)
// strict: denied
const m = await getEmail('m1');
const c = m.body.includes('NOPE-NOT-THERE');
let why = 'none';
try {
  if (c) {
    JSON.parse('{');
  }
  JSON.parse('[');
} catch (e) {
  why = e.message;
}
await sendEmail({ to: ['omar@northwind.test'], subject: 'why', body: why });
