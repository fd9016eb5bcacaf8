// expect: completed "object" | limit wallMs
// why: awaiting a thenable that never resolves: bounded
// limits: {"wallMs": 800}
const v = await { then: () => 0 };
return typeof v;
