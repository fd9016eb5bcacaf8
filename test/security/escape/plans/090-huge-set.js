// expect: limit arrayLength
// why: a Set grown without bound
const s = new Set();
for (let i = 0; ; i++) {
  s.add(i);
}
