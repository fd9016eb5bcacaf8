// expect: rejected 3 /require/
// why: require is refused
return typeof require;
