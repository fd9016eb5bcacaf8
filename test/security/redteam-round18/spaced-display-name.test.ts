/**
 * Red-team round 18: a display name of white space cannot hold the app.
 *
 * Every reader of a sender's address goes through `parseAddress` (engine/world/addresses.ts):
 * labels, the policy, the claim card, "is this sender a contact" when a message is opened. It
 * read `Name <addr>` with one pattern in which three runs of white space competed for the same
 * characters, so its work grew with the cube of a leading run: 1,000 spaces 1.4 s, 2,000 10 s.
 * The sender writes the display name, and an encoded word (`=?UTF-8?Q?___…?=`) decodes to as
 * many spaces as they like: with no address beside it, the stored sender is that name, and
 * reading it failed only after trying every split of the spaces. Now the address is found at the end and the name read after it, in
 * linear time; a differential check against the old pattern (small strings) reads the same.
 */
import { describe, expect, it } from 'vitest';
import { bareAddress, parseAddress } from '../../../engine/world/addresses';
import { parseMessage } from '../../../main/mail/parse';
import { demoApp } from '../../main/app/app-fixture';

const SPACES = 4_000;
const raw = [
  // A name and no address: the stored sender is the name, its spaces first.
  `From: =?UTF-8?Q?${'_'.repeat(SPACES)}Mallory?=`,
  'Reply-To: m@evil.test',
  'To: maya@acme.test',
  'Subject: Invoice',
  '',
  'Please pay.',
].join('\r\n');

const demo = demoApp();

/** The pattern the old parseAddress used, for the differential check. */
const OLD = /^\s*(?:"((?:[^"\\]|\\.)*)"|"?([^"<]*?)"?)\s*<([^<>\s]+)>\s*$/;
const oldParse = (text: string) => {
  const m = OLD.exec(text);
  return m
    ? { name: (m[1]?.replace(/\\(.)/g, '$1') ?? m[2] ?? '').trim(), address: (m[3] ?? '').trim() }
    : { name: '', address: text.trim() };
};

describe('red team round 18: white space in a display name', () => {
  it('reads the sender of such a message, and opens it, at once', async () => {
    const parsed = await parseMessage(new TextEncoder().encode(raw), { date: new Date(), key: 'spaced' });
    expect(parsed.from.length).toBeGreaterThan(SPACES);
    expect(bareAddress(parsed.from)).toBe('mallory');
    const p = demo.profile;
    const [some] = p.repos.messages.page({ folder: 'INBOX', limit: 1 }).items;
    const m = p.repos.messages.get(some!.id)!;
    p.repos.messages.upsert({
      ...m,
      id: 'spaced-1',
      messageId: '<spaced-1@evil.test>',
      threadId: 'spaced-1',
      from: parsed.from,
    });
    const r = await demo.app.router.dispatch('inbox.get', ['spaced-1'], 'ipc');
    expect(r.ok).toBe(true);
    if (r.ok) expect((r.value as { fromIsContact: boolean }).fromIsContact).toBe(false);
  }, 20_000);

  it('reads every small string as the old pattern did', () => {
    const alphabet = ['"', '<', '>', '\\', ' ', 'a', '@', '\t', '.', '\n'];
    let seed = 18;
    const next = () => (seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31) / 2 ** 31;
    for (let i = 0; i < 50_000; i++) {
      let s = '';
      for (let n = 1 + Math.floor(next() * 12); n > 0; n--) s += alphabet[Math.floor(next() * alphabet.length)];
      if (next() < 0.5) s += ' <a@b.test>';
      expect(parseAddress(s), JSON.stringify(s)).toEqual(oldParse(s));
    }
  });
});
