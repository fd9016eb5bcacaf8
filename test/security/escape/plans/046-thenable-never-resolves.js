// expect: completed "object" | limit wallMs | rejected 4:25 /cannot be stored/
// why: awaiting a thenable that never resolves: bounded
// limits: {"wallMs": 800}
const v = await { then: () => 0 };
return typeof v;
