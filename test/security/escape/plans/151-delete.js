// expect: rejected 4 /delete/
// why: delete is refused
const o = { a: 1 };
delete o.a;
return o;
