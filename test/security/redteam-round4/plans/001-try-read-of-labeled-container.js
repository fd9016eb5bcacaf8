// attack: a property read in a try throws only when the attacker's text made the value null (match finds nothing); the read of the array that match returned joins nothing, so the send after it in the same try looks trusted
// mechanism: runtime.embed.js R.gets / R.get / getSlow join the receiver's label (acc) only for a Box; an array or object carrying its label as a structure label (match, split, getEmail's result) is read without acc, so the deciding label never reaches the context
// normal: blocked (§3a: the call records the try's context in both modes)
// strict: denied
const m = await getEmail('m1');
const hit = m.body.match(/zed@attacker/);
try {
  const at = hit.index;
  await sendEmail({ to: ['omar@northwind.test'], subject: 'found', body: 'yes' });
} catch (e) {}
