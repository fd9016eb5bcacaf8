// expect: limit arrayLength | limit steps | limit memoryBytes
// why: a plain object grown without bound ends in a limit, quickly
const o = {};
for (let i = 0; ; i++) {
  o['k' + i] = i;
}
