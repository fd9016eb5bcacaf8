// expect: limit arrayLength
// why: an array doubled in a loop
let a = [1];
for (;;) {
  a = a.concat(a);
}
