// expect: limit steps
// why: an infinite loop inside a map callback
return [1, 2, 3].map(() => {
  while (true) {}
});
