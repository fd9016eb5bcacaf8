// expect: limit memoryBytes
// why: many small objects exhaust the heap
// limits: {"memoryBytes": 4194304, "steps": 1000000}
const a = [];
for (let i = 0; i < 99999; i++) {
  a.push({ i: i, s: 'v' + i, t: [i, i, i, i, i, i, i, i, i, i, i, i, i, i, i, i], u: { i: i }, w: [[i], [i]] });
}
return a.length;
