// expect: limit stackBytes
// why: a catch cannot swallow the stack limit
function f(n) {
  try {
    return f(n + 1);
  } catch (e) {
    return 'caught at ' + n;
  }
}
return f(0);
