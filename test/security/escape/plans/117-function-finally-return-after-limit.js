// expect: limit steps
// why: a finally return inside a function must not swallow the step limit
function f() {
  try {
    for (;;) {}
  } finally {
    return 1;
  }
}
return f() + 1;
