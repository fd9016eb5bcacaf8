// expect: rejected 3 /queueMicrotask/
// why: queueMicrotask is refused
queueMicrotask(() => 1);
