// String building without tools: += in a loop, template literals, join, a small CSV.
let s = '';
const parts = [];
for (let i = 0; i < 3000; i++) {
  s += String(i % 10);
  parts.push(`item-${i}:${(i * 7) % 13}`);
}
const joined = parts.join(';');
let csv = '';
for (let r = 0; r < 200; r++) {
  const row = [];
  for (let c = 0; c < 8; c++) row.push(`${r}x${c}`);
  csv += row.join(',') + '\n';
}
return { len: s.length, joinedLength: joined.length, csvLength: csv.length, tail: joined.slice(-40) };
