// expect: rejected 4 /constructor/
// why: reading .constructor of a function is refused before running
const f = () => 1;
const F = f.constructor;
return F('return 1')();
