// expect: rejected 3 /reserved/
// why: strict-mode reserved words cannot be names
let yield = 1;
return yield;
