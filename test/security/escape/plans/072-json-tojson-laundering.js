// expect: completed "\"zed\"" untrusted=tool:getEmail:m1 | failed RuntimeError | rejected 4:36 /cannot be stored/
// why: a toJSON function returning untrusted text must not strip its label (JSON.stringify calls it natively)
const body = (await getEmail('m1')).body;
const s = JSON.stringify({ toJSON: () => body.slice(0, 3) });
return s;
