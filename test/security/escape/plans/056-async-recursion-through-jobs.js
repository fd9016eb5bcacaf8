// expect: limit steps | limit memoryBytes
// why: unbounded async recursion through the job queue (no stack growth) is stopped by a limit
async function f(n) {
  await 0;
  return f(n + 1);
}
return await f(0);
