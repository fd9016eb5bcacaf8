// expect: failed RuntimeError
// why: Object.keys of a function gives nothing to explore
return Object.keys(() => 1);
