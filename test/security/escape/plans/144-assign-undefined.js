// expect: rejected 3
// why: built-in constants cannot be assigned
undefined = 1;
return undefined;
