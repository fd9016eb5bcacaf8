// attack: try/finally with a data-dependent throw inside a function; the caller catches
// normal: blocked
const m = await getEmail('m1');
let trace = '';
function run() {
  try {
    if (m.body.length > 10) {
      throw 'long';
    }
    trace += 'short;';
  } finally {
    trace += 'done;';
  }
}
try {
  run();
} catch (e) {
  trace += 'caught;';
}
await sendEmail({ to: ['omar@northwind.test'], subject: 'trace', body: trace });
