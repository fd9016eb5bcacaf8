// expect: limit steps
// why: continue in a finally after the step limit
let n = 0;
while (n < 3) {
  n++;
  try {
    for (;;) {}
  } finally {
    continue;
  }
}
return n;
