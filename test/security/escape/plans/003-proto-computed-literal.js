// expect: rejected 4 /__proto__/
// why: o['__proto__'] with a literal key is refused before running
const o = {};
return o['__proto__'];
