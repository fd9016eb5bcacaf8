// expect: rejected 3 /class/
// why: class expressions are refused
const A = class {};
return 1;
