// expect: failed RuntimeError
// why: dates are values: setFullYear does not exist in plans
const d = new Date('2026-01-01T00:00:00Z');
d.setFullYear(3000);
return d.toISOString();
