// expect: limit steps
// why: an infinite loop inside reduce
return [1, 2].reduce((a, b) => {
  do {} while (true);
}, 0);
