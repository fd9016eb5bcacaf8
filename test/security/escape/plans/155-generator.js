// expect: rejected 3 /generator/
// why: generators are refused
function* g() {
  yield 1;
}
return 1;
