// expect: completed true untrusted=tool:getEmail:m1 | failed RuntimeError | rejected 4:37 /cannot be stored/
// why: a fact computed from a toJSON result keeps the label of the data it came from
const body = (await getEmail('m1')).body;
const s = JSON.stringify([{ toJSON: () => body }]);
return s.includes('zed');
