// expect: rejected 4 /getter/
// why: getters in object literals are refused
const o = {
  get x() {
    return 1;
  },
};
return o.x;
