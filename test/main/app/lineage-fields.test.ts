/**
 * Review's lineage: an action's field is headed by what it is ("Who it goes to", "The
 * message’s subject") over the value it will have, never by the bare word "Field".
 */
import { describe, expect, it } from 'vitest';
import type { ClaimView } from '../../../preload/contract';
import { fieldHeading } from '../../../engine/claims/step-words';
import { runAttackPlan } from '../../e2e/harness';
import { contextWords } from '../../../main/app/reason-words';
import { bareAddress } from '../../../engine/world';
import { demoApp } from './app-fixture';

const demo = demoApp({ undoWindowSeconds: 0 });

describe('lineage field nodes', () => {
  it('say what each field is, in words', () => {
    expect(fieldHeading('to[1]', 'Recipient 2')).toBe('Who it goes to');
    expect(fieldHeading('subject', 'Subject')).toBe('The message’s subject');
    expect(fieldHeading('id', 'Which email to answer')).toBe('Which email to answer');
    expect(fieldHeading('attachments[0].filename', 'Attachment 1 filename')).toBe('Attachment 1 filename');
  });

  it('head a claim’s field nodes by what they are, over their values', async () => {
    const [id] = await runAttackPlan(demo.profile, '02-forward-invoice-to-address-in-it');
    const card = (await demo.call('claims.get', id)) as ClaimView;
    const fields = card.lineage.nodes.filter((n) => n.kind === 'field');
    expect(fields.length).toBeGreaterThan(0);
    for (const n of fields) {
      expect(n.heading, n.id).toMatch(/^[A-Z][a-z]+ [a-z’ ]+$/);
      expect(n.heading).not.toBe('Field');
      expect(n.detail, n.id).toBeTruthy();
    }
    const to = fields.find((n) => n.id.startsWith('field:to'));
    expect(to?.heading).toBe('Who it goes to');
    expect(to?.label).toBe(card.recipients[0]);
  });

  it('name the item an action works on by its subject and sender, not its id', async () => {
    const [id] = await runAttackPlan(demo.profile, '14-archive-senders-from-newsletter');
    const card = (await demo.call('claims.get', id)) as ClaimView;
    const item = card.lineage.nodes.find((n) => n.id === 'field:id')!;
    expect(item.heading).toBe('Which email to archive');
    const m = demo.profile.repos.messages.get(String(card.args.id))!;
    expect(item.label).toBe(`“${m.subject}” from ${bareAddress(m.from)}`);
    expect(item.label).not.toContain(String(card.args.id));
  });
});

describe('every reason', () => {
  it('says what "control context" means, in words', async () => {
    const [id] = await runAttackPlan(demo.profile, '14-archive-senders-from-newsletter');
    const card = (await demo.call('claims.get', id)) as ClaimView;
    const raw = demo.profile.claims.get(id!).reasons.join(' ');
    expect(raw).toMatch(/control context/);
    expect(card.reasons.join(' ')).not.toMatch(/control context/);
    const m = demo.profile.repos.messages.get(String(card.args.id))!;
    expect(card.reasons).toContain(
      `What decided to do this depends on which email a search returned, not the email “${m.subject}” from ${bareAddress(m.from)}, which it acts on.`,
    );
  });

  it('reads each of the gate’s phrasings as English', () => {
    expect(
      contextWords(
        'The call happens because of untrusted data: the email “Invoice” from a@b.example (control context).',
      ),
    ).toBe('Untrusted data decided to do this: the email “Invoice” from a@b.example.');
    expect(
      contextWords('Nina cannot read why the call happens (control context from the email “X”): only bob may read it.'),
    ).toBe(
      'Nina cannot read why the call happens (what decided to do this came from the email “X”): only bob may read it.',
    );
    expect(contextWords('The control context is trusted.')).toBe('What decided to do this is trusted.');
  });
});
