// expect: rejected 3 /import/
// why: import() is refused
const m = await import('node:fs');
return m;
