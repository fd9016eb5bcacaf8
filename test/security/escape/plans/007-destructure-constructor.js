// expect: rejected 3 /constructor/
// why: destructuring {constructor: c} is refused before running
const { constructor: c } = () => 1;
return c('return 1')();
