// expect: limit steps
// why: an infinite loop inside a sort comparator
return [3, 1, 2].sort((a, b) => {
  for (;;) {}
});
