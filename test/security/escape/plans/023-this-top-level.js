// expect: rejected 3 /this/
// why: top-level this is refused
return this;
