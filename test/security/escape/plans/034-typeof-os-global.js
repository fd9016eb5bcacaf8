// expect: rejected 4 /unknown name/
// why: probing host globals by name is refused
const probes = [];
probes.push(typeof os);
return probes;
