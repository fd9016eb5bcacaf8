// expect: failed RuntimeError /constructor/
// why: a property name built at run time ('constr' + 'uctor') is refused by the property-access check
const k = 'constr' + 'uctor';
const F = (() => 1)[k];
return F('return 1')();
