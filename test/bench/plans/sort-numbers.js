// Sort 5,000 pseudo-random numbers with a comparator.
const nums = [];
let x = 42;
for (let i = 0; i < 5000; i++) {
  x = (x * 48271) % 2147483647;
  nums.push(x % 100000);
}
nums.sort((a, b) => a - b);
let ordered = true;
for (let i = 1; i < nums.length; i++) if (nums[i - 1] > nums[i]) ordered = false;
return { ordered, first: nums.slice(0, 5), last: nums[nums.length - 1], median: nums[2500] };
