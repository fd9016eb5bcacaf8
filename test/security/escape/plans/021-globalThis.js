// expect: rejected 3 /globalThis/
// why: globalThis is refused
return globalThis;
