// expect: rejected 3 /new|Function/
// why: new Function(...) is refused
return new Function('return 1')();
