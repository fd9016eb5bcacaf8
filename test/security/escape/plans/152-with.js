// expect: rejected 3 /with/
// why: with is refused
with ({ a: 1 }) {
  a;
}
