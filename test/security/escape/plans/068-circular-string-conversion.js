// expect: failed RuntimeError /circular/
// why: String() of a circular array fails cleanly
const a = [1];
a.push(a);
return String(a);
