// expect: limit wallMs
// why: a finally return cannot swallow the wall-time interrupt
// limits: {"steps": 1000000000000.0, "wallMs": 500}
try {
  for (;;) {}
} finally {
  return 'swallowed';
}
