// expect: completed "object" | failed RuntimeError | rejected 3:25 /cannot be stored/
// why: awaiting a plan object with a then function must not hand native resolve functions to plan code
const v = await { then: (resolve) => resolve('hijacked') };
return typeof v;
