// expect: rejected 3 /RegExp/
// why: RegExp is refused by name: patterns only as checked literals
return RegExp('(a+)+').test('a');
