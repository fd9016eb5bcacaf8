// Sieve of Eratosthenes up to 20,000.
const n = 20000;
const isPrime = [];
for (let i = 0; i <= n; i++) isPrime.push(i >= 2);
for (let i = 2; i * i <= n; i++) {
  if (isPrime[i]) {
    for (let j = i * i; j <= n; j += i) isPrime[j] = false;
  }
}
let count = 0;
let last = 0;
for (let i = 0; i <= n; i++) {
  if (isPrime[i]) {
    count++;
    last = i;
  }
}
return { count, last };
