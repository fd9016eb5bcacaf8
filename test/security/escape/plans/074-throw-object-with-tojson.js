// expect: failed RuntimeError | rejected 4:11 /cannot be stored/
// why: describing an uncaught object must not run its toJSON (no plan code after the plan ended)
throw {
  toJSON: () => {
    while (true) {}
  },
};
