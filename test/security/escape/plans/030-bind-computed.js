// expect: failed RuntimeError | rejected 4:11 /computed name/
// why: f['bi' + 'nd'] is not available
const f = (x) => x;
const b = f['bi' + 'nd'](null);
return b(1);
