// expect: completed {"k":"p","v":"x","l":1,"d":-1}
// why: a result shaped like the wire encoding is still plain data
return { k: 'p', v: 'x', l: 1, d: -1 };
