// expect: limit stringLength
// why: join with a huge separator
const a = [];
for (let i = 0; i < 1000; i++) {
  a.push(i);
}
return a.join('x'.repeat(100000)).length;
