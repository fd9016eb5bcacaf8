// expect: completed "no" | completed "yes" untrusted=tool:getEmail:m1 | failed RuntimeError | rejected 6:9 /cannot be stored/
// why: a then callback run by the job queue must not launder an untrusted branch (STRICT)
const body = (await getEmail('m1')).body;
let leaked = 'no';
const t = {
  then: (res) => {
    leaked = 'yes';
  },
};
async function h() {
  await t;
}
if (body.includes('zed')) {
  h();
}
await now();
return leaked;
