// expect: limit arrayLength
// why: a Map grown without bound
const m = new Map();
for (let i = 0; ; i++) {
  m.set(i, 'v' + i);
}
