// expect: rejected 3 /backreference/
// why: named backreferences are refused
return /(?<x>a)\k<x>/.test('aa');
