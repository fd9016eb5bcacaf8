/**
 * The benchmark's mailbox: a deterministic world of 320 INBOX emails (and a few archived ones)
 * from 24 senders, with subjects and bodies that mix the keywords the plans classify by. Built in
 * code as JSON and read through `parseWorld`, so it is a valid world file like any other.
 */
import { parseWorld, WorldState } from '../../engine/world';

const SENDERS = [
  'Bob Lee <bob@acme.test>',
  'Carol King <carol@acme.test>',
  'Dan Brown <dan@partner.test>',
  'Erin Stone <erin@partner.test>',
  'Billing <billing@vendor.test>',
  'Newsletter <news@digest.test>',
  'Security Team <security@bank.test>',
  'Frank Moss <frank@client.test>',
  'Grace Hall <grace@client.test>',
  'HR <hr@acme.test>',
  'Ivan Petrov <ivan@supplier.test>',
  'Judy Park <judy@agency.test>',
  'Support <support@saas.test>',
  'Kim Ortiz <kim@acme.test>',
  'Leo Grant <leo@startup.test>',
  'Mia Chen <mia@startup.test>',
  'Events <events@conf.test>',
  'Nina Ross <nina@law.test>',
  'Oscar Wu <oscar@bank.test>',
  'Pat Quinn <pat@partner.test>',
  'Travel Desk <travel@air.test>',
  'Quinn Hale <quinn@client.test>',
  'Rita Vance <rita@agency.test>',
  'Sam Yates <sam@vendor.test>',
];

const SUBJECTS = [
  'Invoice {n} for March',
  'Meeting agenda: project {n}',
  'URGENT: contract {n} needs a signature',
  'Weekly digest #{n}',
  'Verify your login ({n})',
  'Lunch on Thursday?',
  'Re: quarterly numbers {n}',
  'Payment receipt {n}',
  'Call notes from {n}',
  'Your newsletter, issue {n}',
  'Trip itinerary {n}',
  'Question about the proposal',
];

const SENTENCES = [
  'Please find the invoice attached and let me know once the payment is scheduled.',
  'Can we move the meeting to the afternoon? The agenda is in the shared calendar.',
  'This is urgent: the client needs an answer asap or the deal falls through.',
  'To stop receiving this newsletter, click unsubscribe at the bottom of the digest.',
  'We noticed a new login to your account; verify it with the code below if it was you.',
  'Thanks for the quick call yesterday, the notes are below for reference.',
  'The quarterly numbers look good overall, with a few open questions on costs.',
  'Your receipt for the last payment is attached; the IBAN on file is unchanged.',
  'Here is the itinerary for your trip, including the hotel and the return flight.',
  'I had a look at the proposal and have a couple of small suggestions.',
  'Let me know if anything is unclear, happy to walk you through it on a call.',
  'Reminder: the deadline for the submission is at the end of the week.',
];

/** Park–Miller: deterministic, and exact in doubles. */
function rng(seed: number): () => number {
  let x = seed;
  return () => {
    x = (x * 48271) % 2147483647;
    return x;
  };
}

export function benchWorldJson(count = 320): string {
  const next = rng(12345);
  const nowMs = Date.parse('2026-03-16T09:00:00Z');
  const emails = [];
  for (let i = 0; i < count + 20; i++) {
    const from = SENDERS[next() % SENDERS.length]!;
    const subject = SUBJECTS[next() % SUBJECTS.length]!.replace('{n}', String(100 + i));
    const sentences = 2 + (next() % 4);
    const body: string[] = [];
    for (let s = 0; s < sentences; s++) body.push(SENTENCES[next() % SENTENCES.length]!);
    emails.push({
      id: `m${i + 1}`,
      folder: i < count ? 'INBOX' : 'Archive',
      from,
      to: ['alex@acme.test'],
      cc: next() % 5 === 0 ? ['carol@acme.test'] : [],
      subject,
      date: new Date(nowMs - (i + 1) * 37 * 60_000).toISOString(),
      body: `Hi Alex,\n\n${body.join(' ')}\n\nBest,\n${from.split(' <')[0]}`,
      unread: next() % 3 === 0,
    });
  }
  return JSON.stringify({
    user: { name: 'Alex Doe', email: 'alex@acme.test', addresses: ['alex@acme.test'] },
    now: '2026-03-16T09:00:00Z',
    contacts: [
      { name: 'Bob Lee', email: 'bob@acme.test' },
      { name: 'Carol King', email: 'carol@acme.test' },
    ],
    emails,
  });
}

export function benchWorld(count = 320): WorldState {
  const r = parseWorld(benchWorldJson(count), 'bench-world.json');
  if (!r.ok) throw new Error(`the benchmark world is invalid: ${JSON.stringify(r.errors.slice(0, 3))}`);
  return new WorldState(r.world);
}
