// expect: completed ["undefined","string"]
// why: a caught tool error is data without a stack
try {
  await getEmail('nope');
} catch (e) {
  return [typeof e.stack, typeof e.message];
}
