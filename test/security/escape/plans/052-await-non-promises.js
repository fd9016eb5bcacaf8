// expect: completed [5,"x",null,[1]]
// why: awaiting non-promises gives the value back
const a = await 5;
const b = await 'x';
const c = await null;
const d = await [1];
return [a, b, c, d];
