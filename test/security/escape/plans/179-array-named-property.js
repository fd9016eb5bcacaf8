// expect: failed RuntimeError
// why: arrays only take integer indexes
const a = [];
a.polluted = 1;
return a;
