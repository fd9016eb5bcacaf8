/**
 * The planner model sees the tools' docs, built over a world without mail (planWithModel copies
 * no mailbox): they are exactly the docs over the whole mailbox.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import { WorldState } from '../../../engine/world';
import { plannerTools } from '../../../main/assistant/planner';
import { openProfile } from '../../../main/profile/profile';
import { worldOf } from '../../../main/profile/world-io';

it('gives the planner the same tool docs without the mail as with it', () => {
  const p = openProfile(join(mkdtempSync(join(tmpdir(), 'zamburak-planner-')), 'p'));
  try {
    const a = p.primaryAccount();
    const docs = (mail: boolean) =>
      plannerTools(new WorldState(worldOf(p.repos, a, () => new Date(), { mail })), a.addresses);
    expect(docs(true).length).toBeGreaterThan(10);
    expect(docs(false)).toEqual(docs(true));
  } finally {
    p.close();
  }
});
