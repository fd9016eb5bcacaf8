// expect: limit stackBytes
// why: a very deep nest as the result: a stack limit, not a host crash
let a = [];
for (let i = 0; i < 20000; i++) {
  a = [a];
}
return a;
