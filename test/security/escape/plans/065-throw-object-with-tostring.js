// expect: failed RuntimeError
// why: describing an uncaught object must not call its toString/valueOf
throw {
  toString: () => {
    while (true) {}
  },
  valueOf: () => {
    while (true) {}
  },
};
