// Array methods over 500 generated records: map, filter, reduce, sort, find, includes.
const items = [];
for (let i = 0; i < 500; i++) items.push({ id: i, group: 'g' + (i % 7), value: (i * 37) % 101, tags: ['a' + (i % 3)] });
const doubled = items.map((x) => ({ id: x.id, v: x.value * 2 }));
const big = items.filter((x) => x.value > 50);
const sum = items.reduce((acc, x) => acc + x.value, 0);
const sorted = [...items].sort((a, b) => a.value - b.value || a.id - b.id).map((x) => x.id);
const groups = items.reduce((acc, x) => {
  acc[x.group] = (acc[x.group] || 0) + x.value;
  return acc;
}, {});
return {
  doubledSum: doubled.reduce((a, x) => a + x.v, 0),
  big: big.length,
  sum,
  first: sorted.slice(0, 8),
  groups,
  found: items.find((x) => x.value === 100)?.id ?? null,
  hasA2: items.some((x) => x.tags.includes('a2')),
};
