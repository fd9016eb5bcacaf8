// expect: failed RuntimeError | completed ["0","1","2"]
// why: Object.keys on a string: either refused or the plain JS answer
return Object.keys('abc');
