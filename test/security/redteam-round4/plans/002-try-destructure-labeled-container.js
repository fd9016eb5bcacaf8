// attack: the same choice through destructuring: `const [w] = hit` throws only when match found nothing; the send after it in the try looks trusted
// mechanism: emit-expressions.ts destructureInto reads with __R.get, which (runtime.embed.js R.get/getSlow) joins no deciding label for a labeled array or object that is not a Box
// normal: blocked (§3a: the call records the try's context in both modes)
// strict: denied
const m = await getEmail('m1');
const hit = m.body.match(/zed@attacker/);
try {
  const [w] = hit;
  await sendEmail({ to: ['omar@northwind.test'], subject: 'found', body: 'yes' });
} catch (e) {}
