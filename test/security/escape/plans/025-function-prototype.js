// expect: rejected 4 /prototype/
// why: f.prototype is refused
function f() {}
return f.prototype;
