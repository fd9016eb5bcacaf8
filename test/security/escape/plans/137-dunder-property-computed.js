// expect: failed RuntimeError /__proto__/
// why: o['__' + 'proto__'] is refused at run time
const o = {};
return o['__' + 'proto__'];
