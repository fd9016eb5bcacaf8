// expect: limit memoryBytes
// why: many large strings: the memory limit must bound the heap (large buffers included)
// limits: {"wallMs": 1500}
const a = [];
for (;;) {
  a.push('x'.repeat(500000) + a.length);
}
