// expect: rejected 3 /WebAssembly/
// why: WebAssembly is refused
return WebAssembly.compile;
