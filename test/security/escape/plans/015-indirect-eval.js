// expect: rejected 3 /eval/
// why: indirect eval through a comma expression is refused
const e = (0, eval);
return e('1 + 1');
