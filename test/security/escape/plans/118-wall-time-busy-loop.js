// expect: limit wallMs
// why: a busy loop with a huge step budget is stopped by the wall clock
// limits: {"steps": 1000000000000.0, "wallMs": 500}
let i = 0;
while (true) {
  i++;
}
