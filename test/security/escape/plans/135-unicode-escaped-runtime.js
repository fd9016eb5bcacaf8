// expect: rejected 4 /reserved/
// why: an identifier spelled with unicode escapes is checked by its value
// prettier-ignore
return \u005f\u005fR.pc;
