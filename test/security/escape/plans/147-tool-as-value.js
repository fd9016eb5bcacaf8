// expect: rejected 3 /tools can only be called/
// why: tools cannot be taken as values
const f = getEmail;
return f('m1');
