// expect: limit steps | failed RuntimeError
// why: a toString that a built-in coerces is plan code: it stays under the step limit
return 'abc'.indexOf({
  toString: () => {
    while (true) {}
  },
});
