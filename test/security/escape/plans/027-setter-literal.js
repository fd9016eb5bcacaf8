// expect: rejected 4 /setter/
// why: setters in object literals are refused
const o = {
  set x(v) {},
};
