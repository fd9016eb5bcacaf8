// expect: failed RuntimeError
// why: 'constructor' in f: functions are not inspectable
const f = () => 1;
return 'constructor' in f;
