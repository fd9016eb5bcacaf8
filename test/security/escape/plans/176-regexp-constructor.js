// expect: rejected 3 /RegExp|new/
// why: new RegExp is refused: patterns only as checked literals
return new RegExp('(a+)+').test('a');
