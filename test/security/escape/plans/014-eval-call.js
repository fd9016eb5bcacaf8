// expect: rejected 3 /eval/
// why: eval is refused
return eval('1 + 1');
