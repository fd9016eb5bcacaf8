// expect: rejected 4 /new\.target/
// why: new.target is refused
function f() {
  return new.target;
}
