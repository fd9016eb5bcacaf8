// expect: rejected 3 /reserved/
// why: __R is the label runtime: unnameable
return __R;
