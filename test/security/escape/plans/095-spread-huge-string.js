// expect: limit arrayLength
// why: spreading a long string into an array
return [...'x'.repeat(900000)].length;
