/**
 * How much a generated or exhaustive suite runs. `npm test` runs the bounded budget: counts and
 * grids each suite's header shows to be enough to catch the bugs it was written for (checked by
 * planting them). `npm run fuzz` runs the same suites first with ZAMBURAK_FUZZ=1 (fuzz.ts), where
 * every suite that imports this module takes its long budget. One switch, read here only, so a
 * suite states its two budgets and nothing about how they are chosen.
 */
export const LONG = process.env.ZAMBURAK_FUZZ === '1';

/** The bounded count in `npm test`, the long one under `npm run fuzz`. */
export const budget = (bounded: number, long: number): number => (LONG ? long : bounded);

/** The bounded grid (a subset of the long one) in `npm test`, the whole grid under `npm run fuzz`. */
export const grid = <T>(bounded: readonly T[], long: readonly T[]): readonly T[] => (LONG ? long : bounded);
