// expect: rejected 3 /SharedArrayBuffer/
// why: SharedArrayBuffer is refused
return typeof SharedArrayBuffer;
