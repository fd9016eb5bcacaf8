// expect: failed RuntimeError /__proto__/
// why: a __proto__ key obtained from JSON.parse + Object.keys is refused at run time
const k = Object.keys(JSON.parse('{"__proto__": 1}'))[0];
const o = {};
return o[k];
