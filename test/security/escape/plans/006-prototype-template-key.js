// expect: failed RuntimeError /prototype/
// why: a key built with a template literal is refused at run time
const f = () => 1;
const p = f[`proto${'type'}`];
return typeof p;
