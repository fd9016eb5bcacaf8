// expect: failed RuntimeError /__proto__/ | completed null
// why: Object.fromEntries with a "__proto__" key must not change any prototype
const o = Object.fromEntries([['__proto__', { polluted: 1 }]]);
return o.polluted;
