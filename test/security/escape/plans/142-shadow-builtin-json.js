// expect: rejected 3 /built-in/
// why: a built-in cannot be redeclared
const JSON = { parse: (s) => s };
return JSON.parse('1');
