// expect: limit wallMs | completed {"then":"<function>"} | completed {"then":null}
// why: a top-level return of a never-resolving thenable: bounded
// limits: {"wallMs": 800}
return { then: () => 0 };
