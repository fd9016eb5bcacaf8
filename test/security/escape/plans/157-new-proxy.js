// expect: rejected 3
// why: Proxy is refused
const p = new Proxy({}, {});
return p;
