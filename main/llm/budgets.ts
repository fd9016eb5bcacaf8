/**
 * Spending limits for language models: tokens and money, per run and per day (UTC), over all
 * providers. Money is counted only for providers with a price (a local model costs nothing).
 * A limit that is reached stops the run with the limit named, before the next request goes out.
 */
import type { Profile } from '../profile/profile';

/** USD per million tokens, as providers price them. */
export interface Pricing {
  readonly inputPerMTok: number;
  readonly outputPerMTok: number;
}

export interface Budgets {
  readonly runTokens: number;
  readonly dayTokens: number;
  /** USD; null: no limit. */
  readonly runCostUsd: number | null;
  readonly dayCostUsd: number | null;
}

export interface Usage {
  readonly tokens: number;
  readonly costUsd: number;
}

export class BudgetError extends Error {}

const KEY = 'llm.budgets';
export const DEFAULT_BUDGETS: Budgets = { runTokens: 60_000, dayTokens: 1_000_000, runCostUsd: 1, dayCostUsd: 10 };
const MAX_TOKENS = 1_000_000_000;
const MAX_USD = 100_000;

export const costOf = (price: Pricing | undefined, input: number, output: number): number =>
  price ? (input * price.inputPerMTok + output * price.outputPerMTok) / 1_000_000 : 0;

export function checkPricing(price: Pricing): Pricing {
  for (const [k, v] of Object.entries(price))
    if (typeof v !== 'number' || !Number.isFinite(v) || v < 0 || v > 10_000)
      throw new BudgetError(`${k}: a price in USD per million tokens, from 0 to 10000`);
  return { inputPerMTok: price.inputPerMTok, outputPerMTok: price.outputPerMTok };
}

function checked(b: Budgets): Budgets {
  for (const k of ['runTokens', 'dayTokens'] as const)
    if (!Number.isInteger(b[k]) || b[k] < 1 || b[k] > MAX_TOKENS)
      throw new BudgetError(`${k}: a whole number of tokens from 1 to ${MAX_TOKENS}`);
  for (const k of ['runCostUsd', 'dayCostUsd'] as const) {
    const v = b[k];
    if (v !== null && (typeof v !== 'number' || !Number.isFinite(v) || v < 0 || v > MAX_USD))
      throw new BudgetError(`${k}: an amount in USD from 0 to ${MAX_USD}, or null for no limit`);
  }
  if (b.runTokens > b.dayTokens)
    throw new BudgetError(
      'runTokens: the tokens for each time the assistant works cannot be more than the tokens per day',
    );
  return b;
}

export function getBudgets(p: Profile): Budgets {
  try {
    const stored = JSON.parse(p.setting(KEY) ?? '{}') as Partial<Budgets>;
    return checked({ ...DEFAULT_BUDGETS, ...stored });
  } catch {
    // A hand-edited or damaged setting falls back to the defaults, which are limits too.
    return DEFAULT_BUDGETS;
  }
}

export function setBudgets(p: Profile, patch: Partial<Budgets>): Budgets {
  const next = checked({ ...getBudgets(p), ...patch });
  p.db.transaction(() => {
    p.setSetting(KEY, JSON.stringify(next));
    p.audit.append({ kind: 'settings.changed', data: { llmBudgets: { ...next }, by: 'user' } });
  })();
  return next;
}

/** Today's start (UTC), the day budgets count from. */
export const dayStart = (now: Date): string => `${now.toISOString().slice(0, 10)}T00:00:00.000Z`;

export function usageSince(p: Profile, since: string): Usage {
  const row = p.db
    .prepare(
      `SELECT coalesce(sum(input_tokens + output_tokens), 0) AS tokens, coalesce(sum(cost_usd), 0) AS costUsd
       FROM llm_log WHERE at >= ?`,
    )
    .get(since) as Usage;
  return row;
}

const usd = (n: number) => `$${n.toFixed(2)}`;
const tokens = (n: number) => `${n.toLocaleString('en-US')} tokens`;

/**
 * The part of each day's tokens and money that runs over incoming mail (triage and its replies)
 * may use: a sender decides how long their email is and how many they send, and triage runs again
 * for mail it did not finish, so without a share of its own their mail could use the whole day and
 * stop the person's own requests. Those may use the whole day; mail's runs stop once the day's use
 * (everyone's) reaches this share, so mail never takes the rest.
 */
export const MAIL_SHARE = 0.5;

/**
 * Which limit the next request would break, in words, or null when it may go out. `mail`: the run
 * reads incoming mail on its own (triage), held to `MAIL_SHARE` of the day.
 */
export function budgetRefusal(b: Budgets, run: Usage, day: Usage, o: { mail?: boolean } = {}): string | null {
  if (run.tokens >= b.runTokens)
    return `the assistant has used the ${tokens(b.runTokens)} it may use each time it works`;
  if (day.tokens >= b.dayTokens) return `today's ${tokens(b.dayTokens)} are used up`;
  if (b.runCostUsd !== null && run.costUsd >= b.runCostUsd)
    return `the assistant has spent the ${usd(b.runCostUsd)} it may spend each time it works`;
  if (b.dayCostUsd !== null && day.costUsd >= b.dayCostUsd) return `today's ${usd(b.dayCostUsd)} are spent`;
  if (!o.mail) return null;
  const kept = 'the rest is kept for your own requests';
  const mailTokens = Math.floor(b.dayTokens * MAIL_SHARE);
  if (day.tokens >= mailTokens)
    return `today's use has reached the ${tokens(mailTokens)} that reading incoming mail may use (${kept})`;
  const mailUsd = b.dayCostUsd === null ? null : b.dayCostUsd * MAIL_SHARE;
  if (mailUsd !== null && day.costUsd >= mailUsd)
    return `today's spending has reached the ${usd(mailUsd)} that reading incoming mail may use (${kept})`;
  return null;
}
