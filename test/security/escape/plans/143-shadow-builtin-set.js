// expect: rejected 3 /built-in/
// why: Set is a built-in (semantics 1) and cannot be redeclared either
const Set = 5;
return Set + 1;
