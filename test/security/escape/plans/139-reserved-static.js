// expect: rejected 3 /reserved/
// why: strict-mode reserved words cannot be names
const static = 2;
return static;
