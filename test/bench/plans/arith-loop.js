// A 200,000-iteration arithmetic loop.
let s = 0;
for (let i = 0; i < 200000; i++) {
  s = (s + i * i) % 1000003;
  if (i % 7 === 0) s = s ^ 5;
}
return s;
