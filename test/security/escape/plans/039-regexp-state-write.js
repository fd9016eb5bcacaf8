// expect: failed RuntimeError
// why: regex objects cannot be written to (lastIndex and friends)
const r = /a/g;
r.lastIndex = 5;
return r.test('a');
