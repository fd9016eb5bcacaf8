/**
 * A plan that reads the subject of every message of a 10,000-message mailbox, page by page
 * (`listEmails({limit: 500, before})`), in STRICT mode: how long it takes, with how many labels,
 * and the run's status. Bodies are 6,000 characters, so each listed body is cut (bodyCut).
 * Nothing here asserts on time.
 */
import { simulate } from '../../engine/run/simulate';
import { WorldState, type Email, type World } from '../../engine/world';

export const PAGE_PLAN = `const subjects = [];
let page = await listEmails({ limit: 500 });
while (page.length) {
  for (const m of page) subjects.push(m.subject);
  page = await listEmails({ limit: 500, before: page[page.length - 1].id });
}
return subjects;`;

/** The limits such a plan needs beyond the defaults: more labels (two per message and more). */
export const WHOLE_MAILBOX_LIMITS = { labels: 100_000, wallMs: 600_000 };

export function mailboxWorld(n: number, bodyChars = 6_000): World {
  const emails: Email[] = Array.from({ length: n }, (_, i) => ({
    id: `e${i}`,
    folder: 'INBOX',
    from: `sender${i % 300}@example.test`,
    to: ['alice@example.test'],
    cc: [],
    subject: `Subject ${i}`,
    date: new Date(Date.UTC(2026, 0, 1) + i * 60_000).toISOString(),
    body: `Message ${i}. `.padEnd(bodyChars, 'x'),
    unread: i % 2 === 0,
    threadId: `t${i}`,
    labels: [],
  }));
  return {
    user: { name: 'Alice', email: 'alice@example.test', addresses: [] },
    now: '2027-01-01T00:00:00Z',
    contacts: [],
    emails,
    trash: [],
    events: [],
    allowlists: { recipients: [], urls: [] },
    freeBusy: [],
    sent: [],
    drafts: [],
    responses: [],
    changes: [],
    transcript: [],
  };
}

export interface ListingBench {
  messages: number;
  status: string;
  subjects: number;
  ms: number;
  labels: number;
  steps: number;
}

export async function benchListing(n = 10_000): Promise<ListingBench> {
  const world = new WorldState(mailboxWorld(n));
  const t0 = performance.now();
  const { report } = await simulate({ plan: PAGE_PLAN, world, limits: WHOLE_MAILBOX_LIMITS });
  return {
    messages: n,
    status: report.status,
    subjects: Array.isArray(report.result) ? report.result.length : 0,
    ms: Math.round(performance.now() - t0),
    labels: report.stats.labels,
    steps: report.stats.steps,
  };
}

export function printListing(b: ListingBench): void {
  console.log(`\nevery subject of a ${b.messages}-message mailbox, paged by a STRICT plan`);
  console.log(`  ${b.status}: ${b.subjects} subjects in ${b.ms} ms (${b.labels} labels)`);
}
