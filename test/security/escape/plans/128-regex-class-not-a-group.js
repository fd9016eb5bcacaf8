// expect: completed true
// why: parentheses inside a character class are not groups: allowed
return /[(a+)+]/.test('+');
