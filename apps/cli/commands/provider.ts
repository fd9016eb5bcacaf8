/**
 * `zamburak provider add|list|use|test|remove|budget`: language-model providers. The API key is
 * read from an environment variable (never an argument) into the profile's secret store only.
 * `use` chooses which provider serves which feature; `test` makes one tiny call and reports the
 * model and latency; `budget` shows and sets the token and money limits with today's usage.
 */
import { BudgetError, dayStart, getBudgets, setBudgets, usageSince, type Budgets } from '../../../main/llm/budgets';
import {
  addProvider,
  FEATURES,
  listProviders,
  ProviderError,
  removeProvider,
  testProvider,
  useProvider,
  type Feature,
  type StoredProvider,
} from '../../../main/llm/providers';
import type { Profile } from '../../../main/profile/profile';
import { InputError, str, UsageError, type Parsed } from '../args';
import { withProfile } from '../profile-arg';
import type { Command } from './types';
import { providerSpec } from './specs';

function features(p: Parsed, fallback: string | null): Feature[] {
  const value = str(p, '--for') ?? fallback;
  if (value === null) throw new UsageError('name the features with --for planner,extractor');
  const uses = value.split(',').map((s) => s.trim());
  const bad = uses.filter((u) => !(FEATURES as readonly string[]).includes(u));
  if (bad.length) throw new UsageError(`--for takes planner and/or extractor (not ${bad.join(', ')})`);
  return uses as Feature[];
}

/** A number flag, or undefined when absent; `none` (where allowed) is null. */
function numberFlag(p: Parsed, flag: string, allowNone: boolean): number | null | undefined {
  const v = str(p, flag);
  if (v === undefined) return undefined;
  if (allowNone && v === 'none') return null;
  const n = Number(v);
  if (v.trim() === '' || !Number.isFinite(n))
    throw new UsageError(`${flag} takes a number${allowNone ? ' or none' : ''} (not ${JSON.stringify(v)})`);
  return n;
}

const view = ({ keySecret, ...x }: StoredProvider) => ({ ...x, hasKey: !!keySecret });
const priceText = (x: StoredProvider) =>
  x.price ? `$${x.price.inputPerMTok}/$${x.price.outputPerMTok} per M tokens` : 'no price';
const limit = (usd: number | null) => (usd === null ? 'no limit' : `$${usd.toFixed(2)}`);

function budgetReport(profile: Profile): { human: string; data: { budgets: Budgets; today: unknown } } {
  const budgets = getBudgets(profile);
  const today = usageSince(profile, dayStart(new Date()));
  return {
    human: [
      `Per run: ${budgets.runTokens.toLocaleString('en-US')} tokens, ${limit(budgets.runCostUsd)}.`,
      `Per day (UTC): ${budgets.dayTokens.toLocaleString('en-US')} tokens, ${limit(budgets.dayCostUsd)}.`,
      `Used today: ${today.tokens.toLocaleString('en-US')} tokens, $${today.costUsd.toFixed(2)}.`,
    ].join('\n'),
    data: { budgets, today },
  };
}

async function provider(p: Parsed): Promise<number> {
  const [sub, name, extra] = p.positional;
  const json = p.flags.has('--json');
  const out = (human: string, data: unknown) => process.stdout.write(json ? `${JSON.stringify(data)}\n` : `${human}\n`);
  if (extra) throw new UsageError(`provider ${sub} takes one NAME`);
  if (sub !== 'list' && sub !== 'budget' && !name) throw new UsageError(`provider ${sub ?? ''} needs a NAME`);
  return withProfile(p, async (profile) => {
    try {
      switch (sub) {
        case 'add': {
          const kind = str(p, '--kind');
          const url = str(p, '--url');
          const model = str(p, '--model');
          if (!kind || !url || !model) throw new UsageError('provider add needs --kind, --url and --model');
          const keyEnv = str(p, '--key-env');
          const apiKey = keyEnv ? process.env[keyEnv] : undefined;
          if (keyEnv && !apiKey)
            throw new InputError(`zamburak: the environment variable ${keyEnv} is not set or empty`);
          const priceIn = numberFlag(p, '--price-in', false);
          const priceOut = numberFlag(p, '--price-out', false);
          if ((priceIn === undefined) !== (priceOut === undefined))
            throw new UsageError('give both --price-in and --price-out (USD per million tokens), or neither');
          const added = await addProvider(profile, {
            name: name!,
            kind: kind as 'openai' | 'anthropic',
            url,
            model,
            for: features(p, 'planner,extractor'),
            ...(apiKey ? { apiKey } : {}),
            ...(priceIn != null && priceOut != null
              ? { price: { inputPerMTok: priceIn, outputPerMTok: priceOut } }
              : {}),
          });
          out(
            `Added ${added.name} (${added.kind}, ${added.model}, ${priceText(added)}) for ${added.for.join(', ') || 'nothing yet'}.`,
            view(added),
          );
          return 0;
        }
        case 'list': {
          const all = listProviders(profile);
          out(
            all
              .map((x) => `${x.name}  ${x.kind}  ${x.model}  ${x.url}  ${priceText(x)}  for ${x.for.join(', ') || '-'}`)
              .join('\n') || 'No providers: ask uses playbooks only.',
            all.map(view),
          );
          return 0;
        }
        case 'use': {
          const all = useProvider(profile, name === 'none' ? null : name!, features(p, null));
          out(all.map((x) => `${x.name}: ${x.for.join(', ') || '-'}`).join('\n'), all.map(view));
          return 0;
        }
        case 'budget': {
          const patch = {
            runTokens: numberFlag(p, '--run-tokens', false),
            dayTokens: numberFlag(p, '--day-tokens', false),
            runCostUsd: numberFlag(p, '--run-cost', true),
            dayCostUsd: numberFlag(p, '--day-cost', true),
          };
          const set = Object.fromEntries(Object.entries(patch).filter(([, v]) => v !== undefined));
          if (Object.keys(set).length) setBudgets(profile, set as Partial<Budgets>);
          const r = budgetReport(profile);
          out(r.human, r.data);
          return 0;
        }
        case 'test': {
          const r = await testProvider(profile, name!);
          if (r.ok) {
            out(`${name}: ${r.model} answered in ${r.latencyMs} ms.`, { provider: name, ...r });
            return 0;
          }
          if (json) out('', { provider: name, ok: false, error: { kind: r.kind, message: r.message } });
          process.stderr.write(`zamburak provider test ${name}: ${r.kind}: ${r.message}\n`);
          return 1;
        }
        case 'remove':
          await removeProvider(profile, name!);
          out(`Removed provider ${name}.`, { removed: name });
          return 0;
        default:
          throw new UsageError('provider takes add, list, use, test, remove or budget');
      }
    } catch (e) {
      if (e instanceof ProviderError || e instanceof BudgetError)
        throw new InputError(`zamburak provider ${sub}: ${e.message}`);
      throw e;
    }
  });
}

export const providerCommand: Command = {
  ...providerSpec,
  run: provider,
};
