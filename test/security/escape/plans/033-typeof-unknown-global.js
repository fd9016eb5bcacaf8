// expect: rejected 3 /unknown name/
// why: typeof on an undeclared name (QuickJS std) is refused, not answered
return typeof std;
