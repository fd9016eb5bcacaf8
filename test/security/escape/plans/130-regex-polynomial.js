// expect: limit wallMs
// why: a*a*a*…b is polynomial, not nested; the wall-time limit stops it
// limits: {"wallMs": 600}
return /a*a*a*a*a*a*a*b/.test('a'.repeat(3000));
