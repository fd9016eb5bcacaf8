// expect: limit steps
// why: a loop in a finally after the step limit
try {
  while (true) {}
} finally {
  while (true) {}
}
