// expect: rejected 4 /arguments/
// why: arguments is refused
function f() {
  return arguments;
}
return f(1);
