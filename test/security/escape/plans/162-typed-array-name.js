// expect: rejected 3 /Uint8Array/
// why: typed array constructors are refused by name
return Uint8Array.from([1]);
