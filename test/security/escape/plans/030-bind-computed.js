// expect: failed RuntimeError
// why: f['bi' + 'nd'] is not available
const f = (x) => x;
const b = f['bi' + 'nd'](null);
return b(1);
