/**
 * The listing FETCH read from imapflow's parsed answer (main/mail/listing-fetch.ts), from the
 * server's side: whatever rows a server sends for a UID FETCH, each message comes out once with
 * the UID, flags and start it sent, a row split in two is joined, and anything that is not the
 * start of a message's source (another section, another origin, NIL, no usable UID) is not read
 * as one: the sync then asks for those messages again as two sections. The real answers are
 * Dovecot's, in test/integration/mail/headers-first.
 */
import type { ImapFlow } from 'imapflow';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { fetchStarts } from '../../../main/mail/listing-fetch';

type Row = { tag: string; command: string; attributes: unknown[] };

/** A client whose command path answers with these rows, and records the command it was sent. */
function serverSending(rows: readonly Row[]): { client: ImapFlow; sent: unknown[] } {
  const sent: unknown[] = [];
  const exec = (command: string, attributes: unknown[], o: { untagged: { FETCH: (row: Row) => void } }) => {
    sent.push(command, attributes);
    for (const row of rows) o.untagged.FETCH(row);
    return Promise.resolve({ next: () => undefined });
  };
  return { client: { exec } as unknown as ImapFlow, sent };
}

const atom = (value: string) => ({ type: 'ATOM', value });
const literal = (text: string) => ({ type: 'LITERAL', value: Buffer.from(text) });
const row = (seq: number, items: unknown[]): Row => ({
  tag: '*',
  command: `${seq}`,
  attributes: [atom('FETCH'), items],
});
const body = (partial: number[] | undefined, section: unknown[] = []) => ({
  type: 'ATOM',
  value: 'BODY',
  section,
  ...(partial ? { partial } : {}),
});

describe('the listing FETCH', () => {
  it('asks for the UID, flags and the first bytes of each message, and reads them back', async () => {
    const { client, sent } = serverSending([
      row(1, [atom('UID'), atom('7'), atom('FLAGS'), [atom('\\Seen')], body([0]), literal('Subject: a\r\n\r\nhi')]),
      row(2, [atom('UID'), atom('9'), atom('FLAGS'), [], atom('MODSEQ'), [atom('12')], body([0]), literal('x')]),
    ]);
    const got = await fetchStarts(client, '7,9', 10240);
    expect(sent[0]).toBe('UID FETCH');
    expect(JSON.stringify(sent[1])).toContain('"partial":[0,10240]');
    expect(got.map((m) => [m.uid, [...(m.flags ?? [])], Buffer.from(m.source ?? []).toString()])).toEqual([
      [7, ['\\Seen'], 'Subject: a\r\n\r\nhi'],
      [9, [], 'x'],
    ]);
  });

  it('joins a message split over two rows, and reads a quoted string as its UTF-8 bytes', async () => {
    const { client } = serverSending([
      row(1, [atom('UID'), atom('3'), atom('FLAGS'), [atom('\\Flagged')]]),
      row(1, [atom('UID'), atom('3'), body(undefined), { type: 'STRING', value: 'Subject: é\r\n\r\n' }]),
    ]);
    const [m, ...rest] = await fetchStarts(client, '3', 100);
    expect(rest).toEqual([]);
    expect([...(m?.flags ?? [])]).toEqual(['\\Flagged']);
    expect(Buffer.from(m?.source ?? []).toString('utf8')).toBe('Subject: é\r\n\r\n');
  });

  it('reads no start from any other answer, and drops rows without a usable UID, never throwing', async () => {
    const token = fc.oneof(
      fc.constant(null),
      fc
        .string()
        .filter((s) => s.toUpperCase() !== 'UID')
        .map((value) => ({ type: 'ATOM', value })),
      fc.string().map((value) => ({ type: 'STRING', value })),
      fc.constant(body([5])),
      fc.constant(body([0], [atom('HEADER')])),
      fc.constant({ type: 'LITERAL', value: null }),
    );
    const uid = fc.oneof(
      fc.constantFrom('0', '4294967296', '12345678901', '-1', '1.5', '', ' 7'),
      fc.integer({ min: 1, max: 0xffffffff }).map(String),
    );
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.tuple(uid, fc.array(token, { maxLength: 6 })), { maxLength: 5 }),
        fc.anything(),
        async (rows, junk) => {
          const { client } = serverSending([
            ...rows.map(([u, items], i) => row(i + 1, [atom('UID'), atom(u), ...items])),
            { tag: '*', command: '9', attributes: [atom('FETCH'), junk] },
          ]);
          const got = await fetchStarts(client, '1:*', 100);
          const usable = (u: string) => /^[0-9]{1,10}$/.test(u) && Number(u) >= 1 && Number(u) <= 0xffffffff;
          expect(new Set(got.map((m) => m.uid))).toEqual(
            new Set(rows.flatMap(([u]) => (usable(u) ? [Number(u)] : []))),
          );
          // None of those tokens is the start of a message's source.
          for (const m of got) expect(m.source).toBeUndefined();
        },
      ),
    );
  });
});
