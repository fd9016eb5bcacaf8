// expect: rejected 3
// why: typed arrays are refused
const a = new Uint8Array(10);
