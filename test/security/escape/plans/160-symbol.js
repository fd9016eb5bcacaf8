// expect: rejected 3 /Symbol/
// why: Symbol is refused
const s = Symbol('x');
return 1;
