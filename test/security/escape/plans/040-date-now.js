// expect: rejected 3 /Date\.now/
// why: the current time comes only from the now() tool
return Date.now();
