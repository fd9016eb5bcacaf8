// expect: rejected 3 /computed/
// why: computed keys in destructuring would dodge the static check: refused
const { ['constr' + 'uctor']: c } = () => 1;
return c('return 1')();
