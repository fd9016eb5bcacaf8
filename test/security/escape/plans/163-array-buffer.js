// expect: rejected 3 /ArrayBuffer/
// why: ArrayBuffer is refused
return ArrayBuffer;
