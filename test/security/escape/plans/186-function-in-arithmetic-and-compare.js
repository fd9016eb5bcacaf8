// expect: failed RuntimeError /function cannot be an operand/
// why: arithmetic and comparisons on a function convert it natively (valueOf/toString of a plan function)
// never: __R|__S
const f = () => 1;
const g = -f;
return [f < 'z', f * 2, g];
