// expect: rejected 3 /class/
// why: classes are refused
class A {}
return 1;
