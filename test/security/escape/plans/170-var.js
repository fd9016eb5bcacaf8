// expect: rejected 3 /var/
// why: var is refused
var x = 1;
return x;
