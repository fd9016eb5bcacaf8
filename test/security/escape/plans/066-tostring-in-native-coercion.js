// expect: limit steps | failed RuntimeError | rejected 4:13 /cannot be stored/
// why: a toString that a built-in coerces is plan code: it stays under the step limit
return 'abc'.indexOf({
  toString: () => {
    while (true) {}
  },
});
