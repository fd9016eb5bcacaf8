// expect: rejected 3 /nested quantifiers/
// why: (a+)+ is refused before running
return /(a+)+$/.test('aaaa');
