// expect: limit toolCalls
// why: the tool-call limit is not catchable
// limits: {"toolCalls": 5}
let n = 0;
for (let i = 0; i < 100; i++) {
  try {
    await now();
    n++;
  } catch (e) {
    n += 100;
  }
}
return n;
