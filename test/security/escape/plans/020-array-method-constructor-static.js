// expect: rejected 3 /constructor/
// why: [].map.constructor is refused before running
const F = [].map.constructor;
