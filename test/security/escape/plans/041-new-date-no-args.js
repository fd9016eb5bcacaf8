// expect: failed RuntimeError /now\(\)/
// why: new Date() without a value would read the clock: refused
return new Date().getTime();
