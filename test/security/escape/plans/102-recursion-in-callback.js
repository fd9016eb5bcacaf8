// expect: limit stackBytes
// why: recursion through array callbacks
function f(n) {
  return [n].map((x) => f(x + 1))[0];
}
return f(0);
