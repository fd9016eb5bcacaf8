// expect: rejected 3 /tool|built-in/
// why: a tool cannot be shadowed by a parameter
function f(getEmail) {
  return getEmail;
}
return f(1);
