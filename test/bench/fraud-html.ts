/**
 * The fraud checks on rich HTML mail (test/main/mail/rich-html-corpus.ts: ~20 KB newsletters with
 * requests, disguised links and hidden text in the HTML part), each next to a baseline from the
 * same run: the same checks on the same messages as plain text (no HTML part, the HTML's text as
 * the body). Two ways to give the checks the HTML part, interleaved:
 * - `at check`: its text and links read from the stored HTML at every check (the checks before
 *   store migration 17, and still the way for a row stored before it);
 * - `stored`: read once when the message was parsed and kept in its row (main/mail/html-reading.ts),
 *   so a check reads the column's JSON back (as `MessagesRepo.get` does) and nothing else.
 * Every way must give the same findings; a difference aborts with exit code 2. Times are the
 * process's CPU time (steadier than the wall clock on a machine shared with other work); prints
 * medians and ratios; nothing here asserts on time. `npx tsx test/bench/fraud-html.ts [rounds=15]`.
 */
import { loadavg } from 'node:os';
import { fraudFindings, type FraudContext, type FraudMail, type HtmlReading } from '../../engine/fraud';
import { htmlToText, sanitizeHtml } from '../../main/mail/html';
import { htmlReadingOf, readHtml } from '../../main/mail/html-reading';
import { RICH_HTML_MAILS } from '../main/mail/rich-html-corpus';

const ctx: FraudContext = {
  user: { name: 'Maya Lind', addresses: ['maya@acme.test'] },
  contacts: [{ name: 'Hana Kim', email: 'hana@printworks.test' }],
};

interface Row {
  readonly mail: FraudMail;
  readonly html: string;
  /** The `html_reading` column as the store keeps it. */
  readonly column: string;
  readonly plain: FraudMail;
}

const rows: Row[] = RICH_HTML_MAILS.map((m) => {
  const html = sanitizeHtml(m.html);
  const mail: FraudMail = {
    from: m.from,
    subject: 'News',
    body: 'Dear Maya,\n\nThe news of the month, in the HTML part.',
    html,
    auth: 'none',
  };
  return {
    mail,
    html,
    column: JSON.stringify(readHtml(html)),
    plain: { ...mail, body: `${mail.body}\n${htmlToText(html)}`, html: null },
  };
});

const WAYS = {
  plain: (r: Row) => fraudFindings(r.plain, ctx),
  'at check': (r: Row) => check(r, htmlReadingOf({ html: r.html, htmlReading: null })),
  stored: (r: Row) => check(r, htmlReadingOf({ html: r.html, htmlReading: JSON.parse(r.column) as HtmlReading })),
};
type Way = keyof typeof WAYS;

function check(r: Row, reading: HtmlReading | null) {
  return fraudFindings({ ...r.mail, htmlText: reading?.text ?? null, htmlLinks: reading?.links ?? null }, ctx);
}

const median = (xs: readonly number[]): number => {
  const s = [...xs].sort((a, b) => a - b);
  return s[s.length >> 1]!;
};

export interface FraudHtmlResult {
  readonly messages: number;
  readonly bytes: number;
  /** Median ms of CPU time to check every message of the corpus once. */
  readonly medianMs: Record<Way, number>;
  /** Each way against `plain` from the same rounds. */
  readonly ratio: Record<Way, number>;
  readonly load: number[];
}

export function benchFraudHtml(rounds = 15): FraudHtmlResult {
  const atCheck = JSON.stringify(rows.map(WAYS['at check']));
  if (JSON.stringify(rows.map(WAYS.stored)) !== atCheck) {
    console.error('the stored reading gave other findings than reading the HTML at check time');
    process.exit(2);
  }
  const ways = Object.keys(WAYS) as Way[];
  const times = Object.fromEntries(ways.map((w) => [w, [] as number[]])) as Record<Way, number[]>;
  for (let round = -2; round < rounds; round++)
    // Interleaved, the order turning each round, so a change in the machine's load falls on every way.
    for (let i = 0; i < ways.length; i++) {
      const w = ways[(i + round + 2) % ways.length]!;
      const t0 = process.cpuUsage();
      for (let rep = 0; rep < 5; rep++) for (const r of rows) WAYS[w](r);
      const spent = process.cpuUsage(t0);
      if (round >= 0) times[w].push((spent.user + spent.system) / 1000 / 5);
    }
  const medianMs = Object.fromEntries(ways.map((w) => [w, Math.round(median(times[w]) * 1000) / 1000])) as Record<
    Way,
    number
  >;
  return {
    messages: rows.length,
    bytes: rows.reduce((n, r) => n + r.html.length, 0),
    medianMs,
    ratio: Object.fromEntries(ways.map((w) => [w, Math.round((medianMs[w] / medianMs.plain) * 100) / 100])) as Record<
      Way,
      number
    >,
    load: loadavg().map((x) => Math.round(x * 10) / 10),
  };
}

export function printFraudHtml(r: FraudHtmlResult): void {
  console.log(
    `fraud checks, ${r.messages} rich HTML messages (${Math.round(r.bytes / 1024)} KB of sanitised HTML), load ${r.load.join(' ')}:`,
  );
  for (const w of Object.keys(r.medianMs) as Way[])
    console.log(`  ${w.padEnd(9)} ${r.medianMs[w].toFixed(3)} ms of CPU  ${r.ratio[w].toFixed(2)}x plain`);
}

if (import.meta.url === `file://${process.argv[1]}`) printFraudHtml(benchFraudHtml(Number(process.argv[2] ?? 15)));
