/**
 * Policy red-team suite: every plan in ./plans is run through the engine exactly as the CLI does
 * (`simulate` over resources/demo-world.yaml with the default policy), in STRICT and NORMAL mode.
 *
 * Invariant checked: no egress, organize or destructive call that depends on a hostile email or
 * event (in its arguments, its context or its sources, `#listed` membership included) is allowed,
 * unless the only hostile item involved is the item acted on itself (self-scoped organizing of the
 * hostile email); and nothing is sent, and no invitation goes, to an address outside acme.test.
 *
 * Plans with `// target: eNN` additionally get a counterfactual run with the hostile mail removed
 * from the world: the target must then be left alone, which proves it was the hostile mail that
 * decided the action.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { parse, stringify } from 'yaml';
import { loadWorld, simulate } from '../../../engine';
import { ACTION_TOOLS } from '../actions';

const here = dirname(fileURLToPath(import.meta.url));
const PLANS = join(here, 'plans');
const WORLD_TEXT = readFileSync(join(here, '..', '..', '..', 'resources', 'demo-world.yaml'), 'utf8');

/** The hostile items of the demo world (its header comment). */
const HOSTILE = new Set([
  'e26',
  'e27',
  'e28',
  'e29',
  'e32',
  'e33',
  'e34',
  'e35',
  'e36',
  'e37',
  'e38',
  'e39',
  'e40',
  'e42',
  'e43',
  'e50',
  'ev14',
]);
const USER = new Set(['maya@acme.test', 'maya.lind@acme.test']);
const bare = (a: string): string => (/<([^<>]*)>\s*$/.exec(a)?.[1] ?? a).trim().toLowerCase();
const outsider = (a: string): boolean => !USER.has(bare(a)) && !bare(a).endsWith('@acme.test');

interface CallLike {
  tool: string;
  args: Record<string, unknown>;
  decision: string;
  rule: string;
  sources?: string[];
  context?: { sources?: string[] };
  fields?: { sources?: string[] }[];
}

/** The hostile item ids a call depends on (`#listed` membership included). */
function hostileDeps(c: CallLike): string[] {
  const all = [
    ...(c.sources ?? []),
    ...(c.context?.sources ?? []),
    ...(c.fields ?? []).flatMap((f) => f.sources ?? []),
  ];
  const ids = new Set<string>();
  for (const s of all) {
    const m = /^tool:[^:]+:([^#]+)(#listed)?$/.exec(s);
    if (m && HOSTILE.has(m[1]!)) ids.add(m[1]!);
  }
  return [...ids].sort();
}

function header(text: string, key: string): string | undefined {
  return new RegExp(`^//\\s*${key}:\\s*(.+)$`, 'm').exec(text)?.[1]?.trim();
}

function worldWithoutHostile(): string {
  const doc = parse(WORLD_TEXT) as { emails: { id: string }[]; events: { id: string }[] };
  doc.emails = doc.emails.filter((e) => !HOSTILE.has(e.id));
  doc.events = doc.events.filter((e) => !HOSTILE.has(e.id));
  return stringify(doc);
}

async function run(plan: string, mode: 'strict' | 'normal', worldText = WORLD_TEXT) {
  return simulate({ plan, world: loadWorld(worldText, 'demo-world.yaml'), mode });
}

const files = readdirSync(PLANS)
  .filter((f) => f.endsWith('.js'))
  .sort();

describe('policy attacks on the demo world (default policy)', () => {
  it('has plans', () => expect(files.length).toBeGreaterThan(0));

  for (const file of files) {
    const plan = readFileSync(join(PLANS, file), 'utf8');
    for (const mode of ['strict', 'normal'] as const) {
      it(`${file} [${mode}]: nothing driven by hostile content is allowed`, async () => {
        const { report, effects } = await run(plan, mode);
        const calls = report.calls as unknown as CallLike[];
        const holes = calls
          .filter((c) => ACTION_TOOLS.has(c.tool) && c.decision === 'allow')
          .map((c) => ({ c, deps: hostileDeps(c) }))
          // Acting on the hostile item itself, decided only by that item, is self-scoped and fine.
          .filter(({ c, deps }) => deps.length > 0 && !(deps.length === 1 && deps[0] === String(c.args.id)))
          .map(
            ({ c, deps }) =>
              `${c.tool}(${JSON.stringify(c.args).slice(0, 120)}) allowed by ${c.rule}; depends on ${deps.join(', ')}`,
          );
        expect(holes).toEqual([]);
        const leaked = effects.sent.flatMap((s) => [...s.to, ...s.cc].filter(outsider));
        expect(leaked).toEqual([]);
        const invited = effects.events.flatMap((e) => (e.attendees ?? []).filter(outsider));
        expect(invited).toEqual([]);
      });
    }
    const target = header(plan, 'target');
    if (target) {
      it(`${file}: counterfactual — without the hostile mail, ${target} is left alone`, async () => {
        const { effects } = await run(plan, 'strict', worldWithoutHostile());
        expect(effects.changes.filter((ch) => ch.emailId === target)).toEqual([]);
      });
    }
  }
});
