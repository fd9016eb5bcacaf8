// expect: failed RuntimeError /constructor/
// why: [].map[k] with k = "constructor": refused at run time
const k = 'constructor';
const m = [].map;
return m[k]('return 1')();
