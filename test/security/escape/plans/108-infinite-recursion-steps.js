// expect: limit steps | limit stackBytes
// why: recursion that unwinds and re-enters forever
function f(n) {
  return n;
}
let i = 0;
for (;;) {
  i = f(i + 1);
}
