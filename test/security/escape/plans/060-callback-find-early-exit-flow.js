// expect: completed 1 untrusted=tool:getEmail:m1 | failed RuntimeError
// why: how many times find calls its callback depends on the earlier answers: a counter in the callback must carry their label (STRICT)
const body = (await getEmail('m1')).body;
let calls = 0;
['zed', 'x', 'y'].find((w) => {
  calls++;
  return body.startsWith(w);
});
return calls;
