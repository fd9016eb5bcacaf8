// expect: limit stringLength
// why: string concatenation doubling
let s = 'x';
for (;;) {
  s = s + s;
}
