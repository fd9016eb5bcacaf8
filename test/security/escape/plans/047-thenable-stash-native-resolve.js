// expect: completed [1] | failed RuntimeError | rejected 5:9 /cannot be stored/
// why: a native resolve function obtained through a thenable is not callable from plan code
let stash = null;
const t = {
  then: (res) => {
    stash = res;
  },
};
async function h() {
  await t;
}
h();
await now();
await now();
return [1].map(stash ?? ((x) => x));
