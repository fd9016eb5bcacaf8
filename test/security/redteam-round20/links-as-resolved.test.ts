/**
 * Red-team round 20: a link in HTML mail is judged where the viewer's browser takes it.
 *
 * The link checks (engine/fraud/links.ts) found links with a pattern for `http(s)://host`, and
 * an anchor's text by a pattern for plain ASCII host names. A browser resolves an href with the
 * WHATWG URL parser, which also reads `https:evil.example`, `https:\\evil.example`, `//evil.example`,
 * a leading space and a tab inside `ht	tps:` as https://evil.example, and the number
 * `https://3232235777/` as 192.168.1.1; and a person reads `acme\u200b.test` (a zero-width space
 * inside), `ａｃｍｅ.test` or `acme.test` with a soft hyphen as acme.test. None of these carried
 * a warning: "A link shows acme.test but goes to evil.example" was said only of the one spelling
 * the patterns knew. Now each href is resolved as the browser resolves it (against the viewer's
 * page) and each anchor's text is read as a person reads it.
 *
 * Property: whatever spelling of the href and of the shown address an attacker picks from these
 * families, the message carries the findings of the plain spelling. The control: a link to where
 * it says carries none.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { fraudFindings, type FraudContext } from '../../../engine/fraud';
import { sanitizeHtml } from '../../../main/mail/html';
import { parseMessage } from '../../../main/mail/parse';
import { demoApp } from '../../main/app/app-fixture';

const ctx: FraudContext = {
  user: { name: 'Maya Lind', addresses: ['maya@acme.test'] },
  contacts: [{ name: 'Hana Kim', email: 'hana@acme.test' }],
};

/** The findings of an HTML mail from a verified stranger, its HTML as the viewer gets it. */
const reasons = (anchor: string): string[] => {
  const html = sanitizeHtml(`<p>Your statement is ready: ${anchor}</p>`);
  return fraudFindings(
    {
      from: 'News <news@stranger.example>',
      subject: 'Statement',
      body: 'Your statement is ready.',
      html,
      auth: 'pass',
    },
    ctx,
  )
    .map((f) => f.reason)
    .sort();
};

/** Spellings of https://evil.example/login that a browser resolves to it. */
const HREFS = [
  'https://evil.example/login',
  'https:evil.example/login',
  'https:\\\\evil.example/login',
  'https:/evil.example/login',
  '//evil.example/login',
  '\\\\evil.example/login',
  ' https://evil.example/login',
  'ht\ttps://evil.example/login',
  'HTTPS://EVIL.EXAMPLE/login',
  'https://evil.example./login',
];
/** Spellings of the address the anchor shows that a person reads as https://acme.test/login. */
const SHOWN = [
  'https://acme.test/login',
  'acme.test/login',
  'https://acme\u200b.test/login',
  'acme\u200b.test/login',
  'https://acme.test\u00ad/login',
  'https://ａｃｍｅ.test/login',
  'https://аcme.test/login',
  'https://acme<span>.test</span>/login',
];
const demo = demoApp();
const attr = (s: string) => s.replace(/&/g, '&amp;').replace(/"/g, '&quot;');

describe('red team round 20: links as the browser resolves them', () => {
  it('each href spelling is where the browser goes from one of the viewer pages (WHATWG URL)', () => {
    const goes = (h: string, page: string) => /^evil\.example\.?$/.test(new URL(h, page).hostname);
    for (const h of HREFS) expect(goes(h, 'http://127.0.0.1:5173/') || goes(h, 'app://zamburak/'), h).toBe(true);
  });

  it('property: however the href and the shown address are spelled, the same warning', () => {
    const plain = reasons('<a href="https://evil.example/login">https://acme.test/login</a>');
    expect(plain).toContain('A link shows acme.test but goes to evil.example.');
    fc.assert(
      fc.property(fc.constantFrom(...HREFS), fc.constantFrom(...SHOWN), (href, shown) => {
        // A look-alike written out in the text is a finding of its own besides.
        expect(reasons(`<a href="${attr(href)}">${shown}</a>`), `${href} ${shown}`).toEqual(
          expect.arrayContaining(plain),
        );
      }),
      { numRuns: 200 },
    );
  });

  it('a bare address written as a number, and a look-alike host spelled without slashes', () => {
    expect(reasons('<a href="https://3232235777/login">sign in</a>')).toEqual(
      reasons('<a href="https://192.168.1.1/login">sign in</a>'),
    );
    expect(reasons('<a href="https:аcme.test/login">sign in</a>')).toEqual(
      reasons('<a href="https://аcme.test/login">sign in</a>'),
    );
    expect(reasons('<a href="https://аcme.test/login">sign in</a>').length).toBeGreaterThan(0);
  });

  it('the control: links to where they say, and links within the page, carry nothing', () => {
    expect(reasons('<a href="https://stranger.example/statement">https://stranger.example/statement</a>')).toEqual([]);
    expect(reasons('<a href="https://stranger.example/s">stranger.example/s</a> <a href="#top">top</a>')).toEqual([]);
    expect(reasons('<a href="mailto:news@stranger.example">news@stranger.example</a>')).toEqual([]);
  });

  it('over a profile: the Inbox warns of such a link in a synced message', async () => {
    const p = demo.profile;
    const raw = [
      'From: News <news@stranger.example>',
      'To: maya@acme.test',
      'Subject: Statement',
      'Message-ID: <s1@stranger.example>',
      'Content-Type: text/html; charset=utf-8',
      '',
      '<p>Your statement is ready: <a href="https:evil.example/login">acme&#8203;.test/login</a></p>',
      '',
    ].join('\r\n');
    const parsed = await parseMessage(new TextEncoder().encode(raw), {
      date: new Date('2026-04-05T10:00:00Z'),
      key: 's1',
    });
    const [some] = p.repos.messages.page({ folder: 'INBOX', limit: 1 }).items;
    p.repos.messages.upsert({
      ...p.repos.messages.get(some!.id)!,
      ...parsed,
      id: 's1',
      threadId: 's1',
      attachments: [],
    });
    const r = await demo.app.router.dispatch('inbox.get', ['s1'], 'ipc');
    expect(r.ok && (r.value as { warnings: string[] }).warnings).toContain(
      'A link shows acme.test but goes to evil.example.',
    );
  });
});
