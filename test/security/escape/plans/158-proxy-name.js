// expect: rejected 3 /Proxy/
// why: Proxy is refused even without new
const P = Proxy;
