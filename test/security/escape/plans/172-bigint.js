// expect: rejected 3 /BigInt/
// why: BigInt literals are refused
return 10n;
