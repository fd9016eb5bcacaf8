/**
 * A listing's structure label joins the membership of every email of the mailbox (labels.ts
 * `labeledList`). The tools make the mailbox's part once per run from the source's summary
 * (`membershipInputs`, `mailboxMembership`) and join what the run wrote as it stands; this checks,
 * for generated worlds and runs, that every listing and search is labeled exactly as the join of
 * one membership per email (the computation the tools made on every page before) would label it:
 * forged, unauthenticated and attacker mail, the trash, emails written on by archives, moves,
 * marks, labels and deletions under attacker-labeled arguments and contexts, in any order.
 */
import * as fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { BOTTOM, joinLabels, sourceLabel, type Label } from '../../../engine/ifc/label';
import { labelDeep, type Json, type LabeledValue } from '../../../engine/ifc/labeled-value';
import { ToolError, type ToolSpec } from '../../../engine/tools/types';
import { WorldState, worldTools, type Email, type World } from '../../../engine/world';
import { argsLabel, emailLabels, membershipOf, userPrivate } from '../../../engine/world/labels';
import { mailWorld } from './mail-world';

const USER = 'alice@example.test';
const PEOPLE = [USER, 'Alice <ALICE@example.test>', 'bob@example.test', 'eve@evil.test', 'Carol <carol@example.test>'];
const FOLDERS = ['INBOX', 'Archive', 'Trash', 'Spam'];

const emailArb = fc.record({
  from: fc.constantFrom(...PEOPLE),
  to: fc.subarray(PEOPLE, { maxLength: 3 }),
  cc: fc.subarray(PEOPLE, { maxLength: 2 }),
  folder: fc.constantFrom(...FOLDERS),
  unread: fc.boolean(),
  // A forged From naming the user, an unverified one, or an authenticated sender.
  authenticated: fc.constantFrom(true, false, undefined),
  words: fc.constantFrom('invoice', 'lunch', 'invoice lunch', 'notes'),
});

type Generated = typeof emailArb extends fc.Arbitrary<infer T> ? T : never;

const worldOf = (emails: Generated[]): World =>
  mailWorld(
    emails.flatMap((e, i) => (e.folder === 'Trash' ? [] : [emailOf(e, i)])),
    { trash: emails.flatMap((e, i) => (e.folder === 'Trash' ? [emailOf(e, i)] : [])) },
  );

function emailOf(e: Generated, i: number): Email {
  return {
    id: `e${i}`,
    folder: e.folder,
    from: e.from,
    to: e.to,
    cc: e.cc,
    subject: `${e.words} ${i}`,
    date: new Date(Date.UTC(2026, 0, 1) + (i % 7) * 60_000).toISOString(),
    body: `About ${e.words}.`,
    unread: e.unread,
    threadId: `t${i}`,
    labels: [],
    ...(e.authenticated === undefined ? {} : { authenticated: e.authenticated }),
  };
}

/** Labels a plan's arguments may carry: literals, the user's, an attacker's email. */
const LABELS: readonly Label[] = [
  BOTTOM,
  sourceLabel('user', { trusted: true, readers: [USER] }),
  sourceLabel('tool:getEmail:attack', { trusted: false, readers: ['eve@evil.test', USER] }),
];
const labelArb = fc.constantFrom(...LABELS);

const writeArb = fc.record({
  tool: fc.constantFrom('archiveEmail', 'markRead', 'labelEmail', 'moveEmail', 'deleteEmail'),
  email: fc.nat(),
  label: labelArb,
  context: labelArb,
});
const readArb = fc.record({
  tool: fc.constantFrom('listEmails', 'searchEmails'),
  folder: fc.constantFrom(undefined, 'INBOX', 'all', 'Archive', 'Trash'),
  query: fc.constantFrom(undefined, 'invoice', 'lunch'),
  from: fc.constantFrom(undefined, 'bob@example.test', USER, 'evil'),
  unreadOnly: fc.constantFrom(undefined, true),
  limit: fc.integer({ min: 1, max: 4 }),
  label: labelArb,
});
const stepArb = fc.oneof(
  writeArb.map((w) => ({ write: w })),
  readArb.map((r) => ({ read: r })),
);

async function call(
  tools: Map<string, ToolSpec>,
  name: string,
  args: Record<string, Json>,
  label: Label,
  context?: Label,
): Promise<LabeledValue | null> {
  const spec = tools.get(name)!;
  const parsed = spec.schema.parse(args);
  const labeled: Record<string, LabeledValue> = {};
  for (const [k, v] of Object.entries(args)) labeled[k] = labelDeep(v, label);
  try {
    return await spec.run(parsed, labeled, { userAddresses: [USER], seq: 1, ...(context ? { context } : {}) });
  } catch (e) {
    if (e instanceof ToolError) return null;
    throw e;
  }
}

/** The structure label as one membership per email, what was written on it included, gives it. */
function perEmail(state: WorldState, tool: string, outer: Label): Label {
  const ms = [...state.mail.headers()].map((e) =>
    membershipOf(emailLabels(tool, e, state.userAddresses, state.writtenLabel(`email:${e.id}`)).base),
  );
  return ms.length ? joinLabels(...ms, outer) : joinLabels(userPrivate(state.userAddresses), outer);
}

describe('a listing labeled from the mailbox summary', () => {
  it('is labeled as one membership per email would label it, as the run writes', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(emailArb, { maxLength: 12 }),
        fc.array(stepArb, { maxLength: 14 }),
        async (es, steps) => {
          const state = new WorldState(worldOf(es));
          const tools = new Map(worldTools(state).map((t) => [t.name, t]));
          for (const step of steps) {
            if ('write' in step) {
              const w = step.write;
              const id = `e${es.length ? w.email % es.length : 0}`;
              const args: Record<string, Json> =
                w.tool === 'labelEmail'
                  ? { id, label: 'x' }
                  : w.tool === 'moveEmail'
                    ? { id, folder: 'Archive' }
                    : { id };
              await call(tools, w.tool, args, w.label, w.context);
              continue;
            }
            const r = step.read;
            const args: Record<string, Json> = { limit: r.limit };
            if (r.folder !== undefined) args.folder = r.folder;
            if (r.unreadOnly !== undefined) args.unreadOnly = r.unreadOnly;
            if (r.tool === 'searchEmails' && r.query !== undefined) args.query = r.query;
            // An address filter chooses its candidates itself (by the sender's authentication).
            if (r.tool === 'searchEmails' && r.from !== undefined && !r.from.includes('@')) args.from = r.from;
            const listed = await call(tools, r.tool, args, r.label);
            if (!listed) continue;
            const outer = argsLabel(
              Object.fromEntries(Object.entries(args).map(([k, v]) => [k, labelDeep(v, r.label)])),
            );
            expect(listed.label).toEqual(perEmail(state, r.tool, outer));
          }
        },
      ),
      { numRuns: 150 },
    );
  });
});
