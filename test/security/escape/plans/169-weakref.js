// expect: rejected 3 /WeakRef/
// why: WeakRef is refused
return WeakRef;
