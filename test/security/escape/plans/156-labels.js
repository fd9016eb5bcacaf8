// expect: rejected 3 /label/
// why: labels are refused
outer: for (;;) {
  break outer;
}
