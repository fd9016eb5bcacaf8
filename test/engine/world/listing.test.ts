/**
 * Listings that scale (engine/world/listing.ts): bodies cut to a bound and marked, the whole body
 * from getEmail, and `before` paging through a whole mailbox by plans, with nothing listed twice
 * or left out.
 */
import { describe, expect, it } from 'vitest';
import { simulate } from '../../../engine/run/simulate';
import { LIST_BODY_CHARS, WorldState, type Email, type World } from '../../../engine/world';
import { mailWorld } from './mail-world';

const email = (i: number, body = `Body ${i}`): Email => ({
  id: `e${i}`,
  folder: 'INBOX',
  from: `p${i % 17}@example.test`,
  to: ['alice@example.test'],
  cc: [],
  subject: `Subject ${i}`,
  date: new Date(Date.UTC(2026, 0, 1) + i * 60_000).toISOString(),
  body,
  unread: i % 2 === 0,
  threadId: `t${i}`,
  labels: [],
});

const worldOf = (emails: Email[]): World => mailWorld(emails);

const run = async (plan: string, w: World) =>
  (await simulate({ plan, world: new WorldState(w), limits: { wallMs: 60_000 } })).report;

describe('listings', () => {
  const long = 'a'.repeat(LIST_BODY_CHARS - 1) + '\ud83d\udca5' + 'tail';
  const w = worldOf([email(1, long), email(2, 'short')]);

  it('cut each body to the bound, say so, and getEmail gives it whole', async () => {
    const r = await run(
      `const [a, b] = await listEmails({ limit: 2 }); const whole = await getEmail(b.id);
       return [a.bodyCut, a.body, b.bodyCut, b.body.length, whole.body.length, whole.bodyCut];`,
      w,
    );
    expect(r.status).toBe('completed');
    // Never half a surrogate pair: the cut ends before the pair that straddles the bound.
    expect(r.result).toEqual([false, 'short', true, LIST_BODY_CHARS - 1, long.length, null]);
  });

  it('page with before through a whole mailbox, in order, each email once', async () => {
    const n = 1_234;
    const r = await run(
      `const ids = []; let page = await listEmails({ limit: 500 });
       while (page.length) { for (const m of page) ids.push(m.id); page = await listEmails({ limit: 500, before: page[page.length - 1].id }); }
       const hits = []; let p = await searchEmails({ query: 'Body', limit: 300 });
       while (p.length) { hits.push(p.length); p = await searchEmails({ query: 'Body', limit: 300, before: p[p.length - 1].id }); }
       return [ids, hits];`,
      worldOf(Array.from({ length: n }, (_, i) => email(i))),
    );
    expect(r.status).toBe('completed');
    const [ids, hits] = r.result as [string[], number[]];
    expect(ids).toEqual(Array.from({ length: n }, (_, i) => `e${n - 1 - i}`));
    expect(hits).toEqual([300, 300, 300, 300, 34]);
  });

  it('refuse a cursor the listing does not hold, saying what to do', async () => {
    const r = await run(`return await listEmails({ before: 'nope' });`, w);
    expect(r.status).toBe('failed');
    expect(r.error?.fullMessage).toMatch(
      /before: expected the id of an email this listing holds.*list again without before/,
    );
  });
});
