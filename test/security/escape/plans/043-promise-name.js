// expect: rejected 3 /Promise/
// why: Promise is refused
return await Promise.resolve(1);
