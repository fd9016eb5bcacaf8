import { benchLargeSync, printLargeSync } from '/work/wt/sync/test/bench/sync';
const t0 = performance.now();
printLargeSync(await benchLargeSync(100_000));
console.log('total s', Math.round((performance.now() - t0) / 1000));
