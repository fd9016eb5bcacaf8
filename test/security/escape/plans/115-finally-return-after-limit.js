// expect: limit steps
// why: a return in a finally must not swallow the step limit
try {
  while (true) {}
} finally {
  return 'swallowed';
}
