// expect: failed RuntimeError
// why: an async function must be awaited where it is called: a detached call would interleave with the plan in an order labeled branches can steer
async function f() {
  return 1;
}
const p = f();
return typeof p;
