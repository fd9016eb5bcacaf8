// expect: rejected 4 /nested quantifiers/
// why: (a{1,5}){2,} is refused
const s = 'aaaa';
return /(a{1,5}){2,}b/.test(s);
