// expect: rejected 3 /Atomics/
// why: Atomics is refused
return Atomics;
