// expect: completed "function" | completed "() => 1" | failed RuntimeError | rejected 4:16 /cannot be stored/
// why: converting a function to text must not reveal the instrumented code (the label runtime calls)
// never: __R|__S
return String([() => 1]);
