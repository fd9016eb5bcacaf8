// expect: failed RuntimeError | rejected 4:13 /cannot be stored/
// why: describing an uncaught object must not call its toString/valueOf
throw {
  toString: () => {
    while (true) {}
  },
  valueOf: () => {
    while (true) {}
  },
};
