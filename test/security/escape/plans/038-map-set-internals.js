// expect: completed [true,true,true,1,1]
// why: Map/Set instances expose no internal fields (the label runtime stores entries inside)
const m = new Map([[1, 2]]);
const s = new Set([1]);
const k = 'm';
return [m.m === undefined, m[k] === undefined, s.m === undefined, m.size, s.size];
