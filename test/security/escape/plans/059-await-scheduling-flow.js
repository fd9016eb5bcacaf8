// expect: completed "f-first" untrusted=tool:getEmail:m1 | failed RuntimeError
// why: whether an await ran inside an untrusted branch changes the order of jobs: the result depends on the email (STRICT)
const body = (await getEmail('m1')).body;
let x = 'main-first';
async function f() {
  await 0;
  x = 'f-first';
}
f();
if (body.includes('zed')) {
  await 0;
}
return x;
