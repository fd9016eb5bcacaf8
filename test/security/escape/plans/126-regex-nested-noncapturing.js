// expect: rejected 3 /nested quantifiers/
// why: (?:\d+)* is refused
return /(?:\d+)*x/.test('1');
