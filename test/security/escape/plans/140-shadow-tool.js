// expect: rejected 3 /tool|built-in/
// why: a tool cannot be redeclared
const now = () => 'fake';
return now();
