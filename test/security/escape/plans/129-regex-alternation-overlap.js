// expect: limit wallMs
// why: (a|a)* slips past the nested-quantifier check; the wall-time limit stops it
// limits: {"wallMs": 600}
return /^(a|a)*$/.test('a'.repeat(40) + '!');
