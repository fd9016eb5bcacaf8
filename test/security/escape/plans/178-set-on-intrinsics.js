// expect: completed 4
// why: plans cannot set properties on functions, dates, strings or numbers (the next run checks nothing leaked)
const f = () => 1;
const d = new Date(0);
let refused = 0;
try {
  f.polluted = 1;
} catch (e) {
  refused++;
}
try {
  d.polluted = 1;
} catch (e) {
  refused++;
}
try {
  'x'.polluted = 1;
} catch (e) {
  refused++;
}
try {
  (5).polluted = 1;
} catch (e) {
  refused++;
}
return refused;
