// expect: rejected 3 /setTimeout/
// why: setTimeout is refused
setTimeout(() => 1, 0);
