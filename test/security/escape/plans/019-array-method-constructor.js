// expect: failed RuntimeError /constructor/ | rejected 5:8 /computed name/
// why: [].map[k] with k = "constructor": refused at run time
const k = 'constructor';
const m = [].map;
return m[k]('return 1')();
