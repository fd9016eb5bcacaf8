// expect: rejected 4 /this/
// why: this is refused
function f() {
  return this;
}
return f();
