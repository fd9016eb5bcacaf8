// expect: limit steps
// why: a loop of awaits never ends on its own
for (;;) {
  await 0;
}
