// expect: rejected 3
// why: a built-in namespace cannot be a value
const j = JSON;
return j.parse('1');
