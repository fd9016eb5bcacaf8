// expect: rejected 4 /method/
// why: { then() {} } uses method syntax: refused
const v = await {
  then(resolve) {
    resolve(1);
  },
};
return v;
