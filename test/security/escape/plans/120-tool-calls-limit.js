// expect: limit toolCalls
// why: a loop of tool calls
// limits: {"toolCalls": 20}
for (let i = 0; i < 1000; i++) {
  await now();
}
