// expect: completed 41
// why: returning an async call without await at top level: the plan value is the resolved value, as in JS
async function f() {
  return 41;
}
return f();
