// expect: failed RuntimeError
// why: f.call / f.apply are not available: no way to pick a this or reach Function.prototype
const f = (x) => x;
return f.call(null, 1);
