// expect: rejected 3 /reserved/
// why: compiler temporaries cannot be declared
let __t1 = 5;
return __t1;
