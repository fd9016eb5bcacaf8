// expect: limit arrayLength
// why: an array doubled with push(...a)
const a = [1];
for (;;) {
  a.push(...a);
}
