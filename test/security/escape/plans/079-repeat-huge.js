// expect: limit stringLength
// why: 'x'.repeat(1e9) is stopped before allocating
return 'x'.repeat(1e9).length;
