// expect: limit stringLength
// why: padStart(1e9) is stopped before allocating
return ''.padStart(1e9, 'ab').length;
