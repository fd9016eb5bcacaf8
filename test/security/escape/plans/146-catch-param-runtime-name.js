// expect: rejected 5 /reserved/
// why: a catch parameter cannot be named __R
try {
  throw 1;
} catch (__R) {
  return 1;
}
