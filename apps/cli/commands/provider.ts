/**
 * `zamburak provider add|list|test|remove`: language-model providers. The API key is read from
 * an environment variable (never an argument) into the profile's secret store only. `test`
 * makes one tiny call and reports the model and latency.
 */
import {
  addProvider,
  listProviders,
  ProviderError,
  testProvider,
  removeProvider,
  type Feature,
} from '../../../main/llm/providers';
import { InputError, str, UsageError, type Parsed } from '../args';
import { PROFILE_FLAGS, withProfile } from '../profile-arg';
import type { Command } from './types';

const FEATURES: readonly Feature[] = ['planner', 'extractor'];

async function provider(p: Parsed): Promise<number> {
  const [sub, name, extra] = p.positional;
  const json = p.flags.has('--json');
  const out = (human: string, data: unknown) => process.stdout.write(json ? `${JSON.stringify(data)}\n` : `${human}\n`);
  if (extra) throw new UsageError(`provider ${sub} takes one NAME`);
  if (sub !== 'list' && !name) throw new UsageError(`provider ${sub ?? ''} needs a NAME`);
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
          const uses = (str(p, '--for') ?? 'planner,extractor').split(',').map((s) => s.trim());
          const bad = uses.filter((u) => !(FEATURES as readonly string[]).includes(u));
          if (bad.length) throw new UsageError(`--for takes planner and/or extractor (not ${bad.join(', ')})`);
          const added = await addProvider(profile, {
            name: name!,
            kind: kind as 'openai' | 'anthropic',
            url,
            model,
            for: uses as Feature[],
            ...(apiKey ? { apiKey } : {}),
          });
          out(`Added ${added.name} (${added.kind}, ${added.model}) for ${added.for.join(', ')}.`, {
            ...added,
            keySecret: undefined,
            hasKey: !!added.keySecret,
          });
          return 0;
        }
        case 'list': {
          const all = listProviders(profile).map(({ keySecret, ...x }) => ({ ...x, hasKey: !!keySecret }));
          out(
            all.map((x) => `${x.name}  ${x.kind}  ${x.model}  ${x.url}  for ${x.for.join(', ')}`).join('\n') ||
              'No providers: ask uses playbooks only.',
            all,
          );
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
          throw new UsageError('provider takes add, list, test or remove');
      }
    } catch (e) {
      if (e instanceof ProviderError) throw new InputError(`zamburak provider ${sub}: ${e.message}`);
      throw e;
    }
  });
}

export const providerCommand: Command = {
  name: 'provider',
  help: `  zamburak provider add NAME --kind openai|anthropic --url URL --model MODEL [--key-env VAR]
          [--for planner,extractor] [--profile DIR]
  zamburak provider list|test NAME|remove NAME [--json] [--profile DIR]
      Language-model providers (OpenAI-compatible: OpenAI, Ollama, LM Studio, llama.cpp, vLLM;
      or Anthropic). The key is read from the environment variable VAR into the secret store.`,
  valueFlags: [...PROFILE_FLAGS, '--kind', '--url', '--model', '--key-env', '--for'],
  boolFlags: ['--json'],
  run: provider,
};
