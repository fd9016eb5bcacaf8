// expect: rejected 4 /optional/
// why: optional calls are refused
const f = () => 1;
return f?.();
