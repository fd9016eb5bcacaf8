// expect: limit steps | limit memoryBytes
// why: unbounded async recursion through the job queue (no stack growth) is stopped by a limit (a smaller step limit: the point is which limit, not how long it takes to reach one under load)
// limits: {"steps": 50000}
async function f(n) {
  await 0;
  return f(n + 1);
}
return await f(0);
