// expect: limit stackBytes
// why: a finally with return at every level must not swallow the stack limit
function f(n) {
  try {
    return f(n + 1);
  } finally {
    return n;
  }
}
return f(0);
