// expect: limit stackBytes
// why: unbounded async recursion on the stack
async function f(n) {
  return await f(n + 1);
}
return await f(0);
