// expect: rejected 3 /input/
// why: input cannot be redeclared
const input = { evil: true };
return input;
