// expect: completed 3 untrusted=tool:getEmail:m1 | failed RuntimeError
// why: how often sort calls the comparator depends on the elements compared (STRICT); the count is the engine sort's (3 for these four)
const body = (await getEmail('m1')).body;
let calls = 0;
[body.length > 50 ? 1 : 5, 2, 3, 4].sort((a, b) => {
  calls++;
  return a - b;
});
return calls;
