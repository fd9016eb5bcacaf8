// expect: limit stringLength
// why: template literal doubling
let s = 'x';
for (;;) {
  s = `${s}${s}`;
}
