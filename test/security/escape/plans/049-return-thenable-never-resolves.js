// expect: limit wallMs | completed {"then":"<function>"} | completed {"then":null} | rejected 4:16 /cannot be stored/
// why: a top-level return of a never-resolving thenable: bounded
// limits: {"wallMs": 800}
return { then: () => 0 };
