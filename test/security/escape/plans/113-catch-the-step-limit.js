// expect: limit steps
// why: the step limit is not catchable
try {
  while (true) {}
} catch (e) {
  return 'caught the limit';
}
