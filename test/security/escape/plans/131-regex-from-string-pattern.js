// expect: limit wallMs | failed RuntimeError
// why: match('(a+)+$') builds a regex at run time, past the literal check: refused or stopped by the wall clock
// limits: {"wallMs": 600}
return 'aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa!'.match('^(a+)+$');
