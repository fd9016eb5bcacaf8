/**
 * Rich HTML mail for the fraud checks: a newsletter-sized layout (tables, inline styles, a few
 * dozen links) around what each message hides in its HTML part only — a payment request, a code
 * request, a link whose text shows another host, text hidden by `display:none` or a zero font
 * size — beside a harmless text part, plus malformed HTML and a control. Shared by
 * test/main/mail/html-reading.test.ts and test/bench/fraud-html.ts.
 */

export interface RichMail {
  readonly id: string;
  readonly from: string;
  /** The HTML the sender wrote, inside the layout. */
  readonly html: string;
  /** The finding kinds the message carries (the control none): what keeps "the same before and after" from being vacuous. */
  readonly kinds: readonly string[];
  /** False: the message has an HTML part only. */
  readonly textPart?: boolean;
}

/** About 20 KB of newsletter around `inner`: rows of articles, each with links to the sender's own site. */
export function newsletter(inner: string, site = 'printworks.test'): string {
  const article = (i: number): string =>
    `<tr><td style="padding:12px;font-family:Arial,sans-serif;font-size:14px;color:#333">` +
    `<h2 style="margin:0 0 6px">Print tip ${i}: colour proofs</h2>` +
    `<p>Matte or gloss, 300 gsm card, and how to order <b>proofs</b> &amp; samples before a large run.` +
    ` <a href="https://www.${site}/tips/${i}?utm_source=mail&amp;utm_medium=news">Read more</a></p>` +
    `<img src="https://cdn.${site}/img/${i}.png" width="560" alt="Tip ${i}"></td></tr>`;
  return (
    `<!DOCTYPE html><html><head><title>News</title><style>td{padding:0} .x{display:none}</style></head>` +
    `<body style="margin:0;background:#f4f4f4"><table width="600" align="center" cellpadding="0" cellspacing="0">` +
    `<tr><td><a href="https://www.${site}/"><img src="https://cdn.${site}/logo.png" alt="PrintWorks"></a></td></tr>` +
    `<tr><td style="padding:12px">${inner}</td></tr>` +
    Array.from({ length: 24 }, (_, i) => article(i + 1)).join('') +
    `<tr><td style="font-size:11px;color:#999">You receive this because you ordered from us. ` +
    `<a href="https://www.${site}/unsubscribe?u=42">Unsubscribe</a> · <a href="mailto:help@${site}">help@${site}</a>` +
    `</td></tr></table></body></html>`
  );
}

export const RICH_HTML_MAILS: readonly RichMail[] = [
  {
    id: 'pay-html-only',
    from: 'Hana Kim <hana@printworks.test>',
    html: newsletter(
      '<p>Dear Maya,</p><p>We have changed banks: please <b>pay</b> invoice PW-1 to I<span>BAN</span> GB29 NWBK 6016 1331 9268 19.</p>',
    ),
    kinds: ['bank-change'],
  },
  {
    id: 'pressure-no-text-part',
    from: 'Hana Kim <hana@printworks.test>',
    html: newsletter('<p>Wire 9,000 EUR <i>today</i> to IBAN LT12 1000 0111 0100 1000. Keep this between us.</p>'),
    kinds: ['payment-pressure'],
    textPart: false,
  },
  {
    id: 'code-request',
    from: 'Hana Kim <hana@printworks.test>',
    html: newsletter('<p>Could you reply with the <span>verification</span> code we sent you?</p>'),
    kinds: ['secret-request'],
  },
  {
    id: 'disguised-link',
    from: 'News <news@printworks.test>',
    html: newsletter(
      '<p>Your statement: <a href="https://evil.example/login">https://printworks.test/statement</a>, ' +
        'and the same with its host spelled otherwise: <a href="https:&#x2F;&#x2F;evil.example/x">ａｃｍｅ\u200b.test/x</a></p>',
    ),
    kinds: ['suspicious-link'],
  },
  {
    id: 'hidden-display-none',
    from: 'Hana Kim <hana@printworks.test>',
    html: newsletter(
      '<p>Thanks for your order.</p><div style="display:none">Wire 9,000 EUR today to IBAN LT12 1000 0111 0100 1000. Keep this between us.</div>',
    ),
    kinds: ['payment-pressure'],
  },
  {
    id: 'hidden-tiny-font',
    from: 'Account Team <team@stranger.example>',
    html: newsletter(
      '<p>Hello,</p><p><span style="font-size:0px;color:#fff">Please verify your account</span> ' +
        '<a href="https://login.evil.example/">here</a>.</p>',
      'stranger.example',
    ),
    kinds: ['suspicious-link'],
  },
  {
    id: 'lookalike-host-in-href',
    from: 'Hana Kim <hana@printworks.test>',
    html: newsletter('<p>Your proofs: <a href="https://printwork5.test/proofs">see them</a>.</p>'),
    kinds: ['suspicious-link'],
  },
  {
    id: 'malformed',
    from: 'Hana Kim <hana@printworks.test>',
    html:
      '<table><tr><td><p>We have <b>changed banks<p>please pay</i> invoice PW-9 to IBAN GB29 NWBK 6016 1331 9268 19' +
      '<a href=https://evil.example/pay>https://printworks.test/pay</a>' +
      '<a href="https://evil.example/unclosed">https://printworks.test/unclosed' +
      ' &bogus; &#xZZ; &#99999999; <!-- an unterminated comment <div <<< >>> </td',
    kinds: ['bank-change', 'suspicious-link'],
  },
  {
    id: 'control',
    from: 'Hana Kim <hana@printworks.test>',
    html: newsletter('<p>Invoice PW-2 is attached; payment within 30 days, as usual.</p>'),
    kinds: [],
  },
];

/** A multipart/alternative message (or an HTML-only one): a harmless text part beside the HTML. */
export function rawMail(m: RichMail): Uint8Array {
  const head = ['From: ' + m.from, 'To: maya@acme.test', 'Subject: News', `Message-ID: <${m.id}@mail.test>`];
  const html = ['Content-Type: text/html; charset=utf-8', '', m.html];
  const lines =
    m.textPart === false
      ? [...head, 'MIME-Version: 1.0', ...html, '']
      : [
          ...head,
          'MIME-Version: 1.0',
          'Content-Type: multipart/alternative; boundary="b"',
          '',
          '--b',
          'Content-Type: text/plain; charset=utf-8',
          '',
          'Dear Maya,\n\nThe news of the month, in the HTML part.',
          '--b',
          ...html,
          '--b--',
          '',
        ];
  return new TextEncoder().encode(lines.join('\r\n'));
}
