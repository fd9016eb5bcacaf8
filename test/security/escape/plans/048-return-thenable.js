// expect: failed RuntimeError | completed {"then":"<function>"} | completed {"then":null}
// why: a top-level return of a thenable must not let plan code call native resolve
return { then: (resolve) => resolve('hijacked') };
