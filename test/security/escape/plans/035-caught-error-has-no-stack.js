// expect: completed [true,false,"object",true]
// why: a caught runtime error is plain data: no stack, no constructor, no host object
try {
  const n = null;
  return n.x;
} catch (e) {
  return [
    e.stack === undefined,
    Object.keys(e).includes('stack'),
    typeof e,
    Object.keys(e).every((k) => typeof e[k] === 'string'),
  ];
}
