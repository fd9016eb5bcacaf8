// expect: limit stringLength
// why: replaceAll('', long) multiplies the length
const s = 'x'.repeat(100000);
return s.replaceAll('', 'yyyyyyyyyy').length;
