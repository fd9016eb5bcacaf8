// expect: limit stackBytes
// why: unbounded synchronous recursion
function f(n) {
  return f(n + 1) + 1;
}
return f(0);
