// expect: limit stackBytes
// why: mutual recursion
function a(n) {
  return b(n + 1);
}
function b(n) {
  return a(n + 1);
}
return a(0);
