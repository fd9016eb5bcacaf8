// expect: limit stringLength
// why: padEnd(1e9) is stopped before allocating
return 'a'.padEnd(1e9).length;
