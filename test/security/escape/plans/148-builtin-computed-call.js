// expect: rejected 3
// why: JSON['parse'] is refused
return JSON['parse']('1');
