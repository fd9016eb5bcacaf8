// expect: completed 1 untrusted=tool:getEmail:m1 | failed RuntimeError
// why: every stops at the first false: what the callback pushed depends on the untrusted answers (STRICT)
const body = (await getEmail('m1')).body;
const seen = [];
['zed', 'x', 'y'].every((w) => {
  seen.push(w);
  return !body.startsWith(w);
});
return seen.length;
