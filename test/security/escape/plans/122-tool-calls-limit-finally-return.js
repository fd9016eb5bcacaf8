// expect: limit toolCalls
// why: a finally return must not swallow the tool-call limit
// limits: {"toolCalls": 5}
try {
  for (;;) {
    await now();
  }
} finally {
  return 'swallowed';
}
