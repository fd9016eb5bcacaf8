// expect: failed RuntimeError /regular expression literal/
// why: match('(a+)+$') would build a regex at run time, past the literal check: a string with regex syntax is refused
// limits: {"wallMs": 600}
return 'aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa!'.match('^(a+)+$');
