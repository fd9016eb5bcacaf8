// expect: failed RuntimeError /zed@attacker/
// why: an error message that carries untrusted text reaches the planner only redacted (semantics 6)
// never: zed@attacker
const body = (await getEmail('m1')).body;
const o = null;
return o[body.slice(0, 12)];
