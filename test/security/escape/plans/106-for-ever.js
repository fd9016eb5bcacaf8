// expect: limit steps
// why: for (;;)
for (;;) {}
