// expect: limit steps
// why: while (true)
while (true) {}
