// expect: failed RuntimeError | completed {"then":"<function>"} | completed {"then":null} | rejected 3:16 /cannot be stored/
// why: a top-level return of a thenable must not let plan code call native resolve
return { then: (resolve) => resolve('hijacked') };
