// expect: limit stackBytes
// why: JSON.stringify of a very deep nest
let a = [];
for (let i = 0; i < 100000; i++) {
  a = [a];
}
return JSON.stringify(a).length;
