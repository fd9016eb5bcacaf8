// expect: failed RuntimeError /zed@attacker/
// why: an uncaught throw of untrusted text reaches the planner only redacted (semantics 6)
// never: zed@attacker
const body = (await getEmail('m1')).body;
throw body;
