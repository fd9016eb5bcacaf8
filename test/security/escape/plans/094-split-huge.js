// expect: limit arrayLength
// why: split into more elements than allowed
return 'x'.repeat(900000).split('').length;
