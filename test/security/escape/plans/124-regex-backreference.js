// expect: rejected 3 /backreference/
// why: backreferences are refused
return /(a)\1/.test('aa');
