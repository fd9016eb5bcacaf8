/**
 * Replies that answer, on the demo world: the answer playbook (resources/playbooks/answer.js)
 * reads what an email asks and answers it. A proposed time is checked against the calendar
 * (accepted when free, countered with free slots when not); an invitation the sender organised
 * is accepted; a request for a document says what was found; any other question offers both
 * answers; what it cannot answer gets a holding reply; and without a model the draft says what it could not decide. Nothing is sent: what
 * commits the person is a claim. Triage on the demo account proposes what a chief of staff
 * would: accept Lena's 14:30, decline the webinar, hold the time for the Initech demo.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadWorld, simulate } from '../../../engine/run/simulate';
import type { WorldState } from '../../../engine/world';
import { answerPlaybook, triageWorld } from '../../../main/assistant/triage';

const DEMO = join(process.cwd(), 'resources/demo-world.yaml');
const demo = (): WorldState => loadWorld(readFileSync(DEMO, 'utf8'), DEMO);

async function answer(id: string, world = demo()) {
  const { report } = await simulate({ plan: answerPlaybook(), world, input: { id, signature: 'Maya' } });
  expect(report.status).toBe('completed');
  const body = (tool: string) => report.calls.find((c) => c.tool === tool)?.args.body;
  return { report, world, reply: body('replyToEmail'), draft: body('createDraft') };
}

describe('answers by intent', () => {
  it('accepts a proposed time that is free, as a claim (Lena: move the design review to 14:30)', async () => {
    const { report, reply, draft } = await answer('e47');
    expect(report.result).toMatchObject({ intent: 'time', draftId: null });
    expect(reply).toMatch(/^Hi Lena,\n\nYes, Tuesday at 14:30 works for me\./);
    expect(draft).toBeUndefined();
    const call = report.calls.find((c) => c.tool === 'replyToEmail')!;
    expect([call.decision, call.executed]).toEqual(['confirm', false]);
    expect(report.claims.map((c) => c.tool)).toEqual(['replyToEmail']);
  });

  it('counters a proposed time that is taken with free slots that day', async () => {
    const world = demo();
    // Lena proposes 11:00 on Wednesday, when Maya is at the Initech demo.
    world.findEmail('e47')!.body = 'Hi Maya, could we push the design review to Wednesday at 10:30?\n\nLena';
    const { reply, draft } = await answer('e47', world);
    expect(reply).toBeUndefined();
    expect(draft).toMatch(/I am not free Wednesday at 10:30\. Would one of these work instead on Wednesday: /);
    // The slots offered are free: not in the demo (10:00–11:00) nor the standup (09:30–09:45).
    const slots = /instead on Wednesday: ([^?]+)\?/.exec(draft as string)![1]!.split(', ');
    expect(slots.length).toBeGreaterThan(0);
    for (const s of slots) expect(['09:30', '10:00', '10:30']).not.toContain(s);
  });

  it("accepts a contact's invitation at the time asked, which holds the time (Omar's Initech demo)", async () => {
    const { report, reply } = await answer('e15');
    expect(reply).toMatch(/Yes, I will be there Wednesday at 10:00\. I have accepted the invitation\./);
    const respond = report.calls.find((c) => c.tool === 'respondToEvent')!;
    expect(respond.args).toEqual({ id: 'ev07', response: 'accepted' });
    expect(respond.executed).toBe(false);
  });

  it('does not accept a time proposed by someone who is not a contact', async () => {
    const { report, reply, draft } = await answer('e42');
    expect(reply).toBeUndefined();
    expect(report.calls.some((c) => c.tool === 'respondToEvent')).toBe(false);
    expect(draft).toMatch(/Yes, that time works for me\.\nSorry, I cannot make it\./);
    expect(draft).toMatch(/is not in your contacts, so I did not accept on your behalf/);
  });

  it('says what it found for a requested document, or that it will follow (the search is for you, not the sender)', async () => {
    const { report, draft } = await answer('e48');
    expect(report.result).toMatchObject({ intent: 'document' });
    expect(draft).toMatch(/^Hi Tom,\n\nI will send you the ARR chart as soon as I have it\./);
    expect(draft).toMatch(/\[Note for you: no email mentions the ARR chart; I could not decide what to send\.\]/);
    const world = demo();
    world.findEmail('e48')!.body = 'Maya, please send me the Globex quote before Thursday.\n\nTom';
    const found = await answer('e48', world);
    expect(found.draft).toMatch(/Here is what I found on the Globex quote: "[^"]*Globex[^"]*"/);
  });

  it('offers both answers to a question it cannot decide, and says so', async () => {
    const { report, draft } = await answer('e01');
    expect(report.result).toMatchObject({ intent: 'question' });
    expect(draft).toMatch(/\[Pick one and delete the other\.\]\nYes, I can do that\.\nSorry, I cannot this time\./);
    expect(draft).toMatch(/I could not decide the answer to this question/);
  });
});

describe('the first five minutes on the demo account', () => {
  it('triage proposes accepting Lena, declining the webinar and holding the demo, all as claims', async () => {
    const world = demo();
    const r = await triageWorld(world);
    const claims = r.claims.map((c) => `${c.tool} ${JSON.stringify(c.args)}`);
    expect(claims).toContainEqual(expect.stringMatching(/^replyToEmail \{"id":"e47","body":"Hi Lena,.*14:30 works/));
    expect(claims).toContain('respondToEvent {"id":"ev15","response":"declined"}');
    expect(claims).toContain('respondToEvent {"id":"ev07","response":"accepted"}');
    expect(r.emails.find((e) => e.id === 'e47')!.claimIds).toHaveLength(1);
    expect(world.effects().sent).toHaveLength(0);
  });
});
