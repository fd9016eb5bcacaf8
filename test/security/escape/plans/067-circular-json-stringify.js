// expect: failed RuntimeError /circular/
// why: JSON.stringify of a circular structure fails cleanly
const a = { n: 1 };
a.self = a;
return JSON.stringify(a);
