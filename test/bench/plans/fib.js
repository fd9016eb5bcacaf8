// Recursion: fib(22), about 57,000 calls.
function fib(n) {
  return n < 2 ? n : fib(n - 1) + fib(n - 2);
}
return fib(22);
