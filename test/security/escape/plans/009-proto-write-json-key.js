// expect: failed RuntimeError /__proto__/
// why: writing o[k] with k = "__proto__" from JSON is refused (no prototype pollution)
const o = {};
const k = JSON.parse('"__proto__"');
o[k] = { polluted: 'yes' };
return o.polluted;
