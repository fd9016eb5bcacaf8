// expect: limit steps
// why: an infinite loop inside a catch
try {
  throw 'x';
} catch (e) {
  while (true) {}
}
