// expect: failed RuntimeError /function cannot be an operand/
// why: '' + f converts a function natively (Function.prototype.toString): that would reveal the instrumented code
// never: __R|__S
const f = () => 1;
return '' + f;
