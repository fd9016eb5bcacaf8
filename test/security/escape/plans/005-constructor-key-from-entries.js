// expect: failed RuntimeError /constructor/ | rejected 5:10 /computed name/
// why: a constructor key obtained from Object.entries of parsed data is refused at run time
const f = () => 1;
for (const [k] of Object.entries(JSON.parse('{"constructor": 1}'))) {
  return f[k]('return 1')();
}
