// expect: failed RuntimeError /constructor/
// why: poking at the caught error by a computed constructor key is refused
try {
  [].reduce((a, b) => a + b);
} catch (e) {
  const k = 'constr' + 'uctor';
  return e[k];
}
