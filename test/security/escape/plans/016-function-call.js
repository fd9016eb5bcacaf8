// expect: rejected 3 /Function/
// why: Function(...) is refused
return Function('return 1')();
