// expect: completed true untrusted=tool:getEmail:m1 | failed RuntimeError
// why: a fact computed from a toJSON result keeps the label of the data it came from
const body = (await getEmail('m1')).body;
const s = JSON.stringify([{ toJSON: () => body }]);
return s.includes('zed');
