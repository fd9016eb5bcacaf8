// expect: rejected 4 /__/
// why: properties starting with __ are refused
const o = {};
return o.__internal;
