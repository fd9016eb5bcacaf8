// expect: failed RuntimeError /constructor/
// why: the AsyncFunction constructor through a computed key is refused at run time
const af = async () => 1;
const k = ['con', 'struc', 'tor'].join('');
const AF = af[k];
return AF('return 1');
