// expect: rejected 3 /process/
// why: process is refused
return process.env;
