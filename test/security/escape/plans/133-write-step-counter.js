// expect: rejected 3 /reserved/
// why: __S holds the step counter: unnameable
__S.m = 1e12;
