// expect: rejected 4 /tagged/
// why: tagged templates are refused
const tag = (s) => s;
return tag`x`;
