/**
 * A playbook's result as text a person reads: the daily brief as an agenda, what needs a reply,
 * what looks suspicious and why, what waits on others; follow-ups and drafts in a sentence; any
 * other result (a plan the model wrote) as its parts, one line each. Every line names the part
 * of the result it says (`agenda[0]`, `unread[2]`), so the screen can show where that part came
 * from: today's date and your own calendar are your own data even when the brief also lists mail.
 * Headings name no part. The result is untrusted data from the plan: it is read defensively
 * (a field that is not what the brief writes is left out, never trusted to be right).
 *
 * Mail's words are never made Zamburak's: an email that carries instructions for an assistant
 * (the firewall's patterns, through engine/fraud) is listed as suspicious without its summary,
 * its subject quoted as the sender's; any other line that would repeat such instructions is
 * quoted whole as words from mail, with the warning in the line itself.
 */
import { carriesInstructions, INSTRUCTIONS_REASON } from '../../engine/fraud';
import type { Json } from '../../engine/ifc/labeled-value';
import { parseAddress } from '../../engine/world/addresses';
import { formatClockRange, formatDay, formatSpan, formatWhen, type TimeStyle } from '../../engine/claims/when';

export interface TextLine {
  readonly text: string;
  /** The part of the result this line says; null for a heading or a line Zamburak wrote. */
  readonly part: string | null;
  readonly heading?: boolean;
  /** The email or event the line is about: its own data is named first among the line's sources. */
  readonly about?: string;
  /** Why to be careful with the line, in Zamburak's words (also said in its text). */
  readonly warning?: string;
}

/** What triage knows of an email: its category and, when suspicious, why. */
export type AboutEmail = (id: string) => { readonly category: string | null; readonly reasons: readonly string[] };

type Obj = Readonly<Record<string, Json>>;
const isObj = (v: Json | undefined): v is Obj => v !== null && typeof v === 'object' && !Array.isArray(v);
const str = (v: Json | undefined): string => (typeof v === 'string' ? v : '');
const list = (v: Json | undefined): readonly Json[] => (Array.isArray(v) ? v : []);

/** `2026-03-16` → `Mon, Mar 16, 2026`, as the Review cards write a day (UTC: the day the result names); anything else as it is. */
export function longDate(iso: string, style: TimeStyle = {}): string {
  return formatDay(iso.slice(0, 10), style);
}

/** `Lena Fischer <lena@acme.test>` → `Lena Fischer`; a bare address stays, and so does the address of a name that gives orders. */
const nameOf = (from: string): string => {
  // Read in linear time: a pattern for `<address>` at the end ran from every `<` and space of a
  // From with none to its end (red-team round 20).
  const { name, address } = parseAddress(from);
  return name && !carriesInstructions(name) ? name : address;
};
/** A sender's words in quotation marks that their own quotation marks cannot close. */
const quoted = (s: string): string => `“${s.replace(/[“”„‟"«»]/g, "'")}”`;
/** A line that would repeat instructions from mail: quoted whole as mail's words, with the warning. */
const WARNING = 'Words from mail that give an assistant instructions, which Zamburak will not follow.';
function screened(l: TextLine): TextLine {
  if (l.heading || l.warning || !carriesInstructions(l.text)) return l;
  return { ...l, text: `${WARNING} They read: ${quoted(l.text)}`, warning: INSTRUCTIONS_REASON };
}
const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

const line = (text: string, part: string | null, about?: string): TextLine => ({
  text,
  part,
  ...(about ? { about } : {}),
});
const heading = (text: string): TextLine => ({ text, part: null, heading: true });

/** An agenda entry's time: "9:30–9:45 AM" (the brief's date is its heading), the day too when it spans days. */
function agendaTime(ev: Obj, style: TimeStyle): string {
  const start = str(ev.start);
  const end = str(ev.end) || start;
  return formatDay(start, style) === formatDay(end, style)
    ? formatClockRange(start, end, style)
    : formatSpan(start, end, style);
}

function dailyBrief(r: Obj, about: AboutEmail, style: TimeStyle): TextLine[] {
  const out: TextLine[] = [line(longDate(str(r.date), style), 'date'), heading('Agenda')];
  const agenda = list(r.agenda);
  if (!agenda.length) out.push(line('Nothing on your calendar today.', 'agenda'));
  agenda.forEach((ev, i) => {
    if (!isObj(ev)) return;
    out.push(line(`${agendaTime(ev, style)} ${str(ev.title)}`, `agenda[${i}]`, str(ev.id)));
  });
  const unread = list(r.unread).flatMap((e, i) => (isObj(e) ? [{ e, i, about: about(str(e.id)) }] : []));
  // Triage's word, or the firewall's on what the brief would show of the mail itself.
  const instructed = (u: { e: Obj }) =>
    carriesInstructions(`${str(u.e.from)}\n${str(u.e.subject)}\n${str(u.e.summary)}`);
  const suspicious = unread.filter(
    (u) => u.about.category === 'suspicious' || u.about.reasons.length > 0 || instructed(u),
  );
  const reply = unread.filter(
    (u) => !suspicious.includes(u) && ['needs-reply', 'meeting'].includes(u.about.category ?? ''),
  );
  const rest = unread.filter((u) => !suspicious.includes(u) && !reply.includes(u));
  type Unread = (typeof unread)[number];
  const mail = (u: Unread) => `${nameOf(str(u.e.from))}: ${str(u.e.subject)}`;
  const summary = (u: Unread) => (str(u.e.summary) && u.e.summary !== u.e.subject ? ` — ${str(u.e.summary)}` : '');
  if (reply.length) {
    out.push(heading('Needs a reply'));
    for (const u of reply) out.push(line(mail(u) + summary(u), `unread[${u.i}]`, str(u.e.id)));
  }
  if (suspicious.length) {
    out.push(heading('Looks suspicious'));
    for (const u of suspicious) {
      const reasons = [...u.about.reasons];
      if (instructed(u) && !reasons.includes(INSTRUCTIONS_REASON)) reasons.push(INSTRUCTIONS_REASON);
      // No summary: the mail's text is not retold, and its subject is quoted as the sender's.
      const said = `From ${nameOf(str(u.e.from))}: ${quoted(str(u.e.subject))}. ${reasons.join(' ') || 'Triage filed it as suspicious.'}`;
      out.push({
        ...line(said, `unread[${u.i}]`, str(u.e.id)),
        warning: reasons[0] ?? 'Triage filed it as suspicious.',
      });
    }
  }
  if (rest.length) {
    out.push(heading(reply.length || suspicious.length ? 'Other unread mail' : 'Unread mail'));
    for (const u of rest) out.push(line(mail(u) + summary(u), `unread[${u.i}]`, str(u.e.id)));
  }
  if (!unread.length) out.push(heading('Mail'), line('No unread mail.', 'unread'));
  const waiting = list(r.waiting);
  if (waiting.length) {
    out.push(heading('Waiting on others'));
    waiting.forEach((w, i) => {
      if (!isObj(w)) return;
      const to = list(w.to)
        .map((t) => nameOf(str(t)))
        .join(', ');
      out.push(
        line(
          `${str(w.subject)}: you wrote to ${to} on ${longDate(str(w.sentAt), style)}; no answer yet.`,
          `waiting[${i}]`,
        ),
      );
    });
  }
  return out;
}

function followUps(r: readonly Json[], days: number | null, withWhom: string, style: TimeStyle): TextLine[] {
  const after = days === null ? '' : ` for more than ${plural(days, 'day')}`;
  const to = withWhom ? ` to ${withWhom}` : '';
  if (!r.length)
    return [line(`No thread where you wrote last${to} has gone unanswered${after}: nothing to follow up.`, null)];
  const out = [line(`Drafted ${plural(r.length, 'follow-up')} to threads unanswered${after}; nothing was sent.`, null)];
  r.forEach((f, i) => {
    if (!isObj(f)) return;
    const to = list(f.to)
      .map((t) => nameOf(str(t)))
      .join(', ');
    out.push(
      line(`${str(f.subject)}: to ${to}, you wrote on ${longDate(str(f.sentAt), style)}.`, `[${i}]`, str(f.followsUp)),
    );
  });
  return out;
}

/** Any other result: one line per top-level part, and per item of a top-level list. */
function generic(r: Json): TextLine[] {
  const show = (v: Json): string =>
    v === null || typeof v !== 'object'
      ? String(v)
      : Array.isArray(v)
        ? plural(v.length, 'item')
        : Object.values(v)
            .filter((x) => x === null || typeof x !== 'object')
            .map(String)
            .join(' · ');
  if (Array.isArray(r)) return r.length ? r.map((v, i) => line(show(v), `[${i}]`)) : [line('Nothing found.', null)];
  if (!isObj(r)) return [line(String(r), 'result')];
  return Object.entries(r).flatMap(([k, v]) =>
    Array.isArray(v) ? [heading(k), ...v.map((x, i) => line(show(x), `${k}[${i}]`))] : [line(`${k}: ${show(v)}`, k)],
  );
}

/** "reply to Lena": the reply proposed, or why there is none. */
function answered(r: Obj, input: Obj): TextLine[] {
  if (r.replyTo === null) return [line(`There is no email from ${str(input.from)} in your inbox to reply to.`, null)];
  const what = `“${str(r.subject)}”`;
  if (r.replied === true)
    return [
      line(
        `Proposed a reply to ${what} that accepts the time asked; it waits for you in Review.`,
        'subject',
        str(r.replyTo),
      ),
    ];
  return [line(`Drafted a reply to ${what}; it is in your drafts, and nothing was sent.`, 'subject', str(r.replyTo))];
}

/** "schedule with", "summarise mail from", "find … from": what was found, or why nothing was. */
function aboutPerson(r: Obj, about: AboutEmail, style: TimeStyle): TextLine[] {
  const name = str(r.name);
  if (r.kind === 'schedule') {
    const slots = list(r.slots).map((s) => formatWhen(str(s), style));
    return slots.length
      ? [line(`Drafted an email to ${name} proposing ${slots.join('; ')}. Nothing was sent.`, 'slots')]
      : [line(`You have no free hour in the next week; the draft to ${name} asks for another time.`, 'slots')];
  }
  const emails = list(r.emails);
  if (!emails.length)
    return [
      line(
        r.kind === 'find'
          ? `No email from ${name} mentions “${str(r.query)}”.`
          : `There is no email from ${name} in your mailbox.`,
        'emails',
      ),
    ];
  const out = [heading(r.kind === 'find' ? `Found in mail from ${name}` : `Mail from ${name}`)];
  emails.forEach((e, i) => {
    if (!isObj(e)) return;
    const when = `(${longDate(str(e.date), style)})`;
    const reasons = about(str(e.id)).reasons;
    if (reasons.length)
      out.push({
        ...line(`${quoted(str(e.subject))} ${when}. ${reasons.join(' ')}`, `emails[${i}]`, str(e.id)),
        warning: reasons[0]!,
      });
    else out.push(line(`${str(e.subject)} ${when} — ${str(e.summary)}`, `emails[${i}]`, str(e.id)));
  });
  return out;
}

/** `style`: the zone and locale times are written in (main/profile/time-style.ts). */
export function resultText(
  playbook: string | null,
  result: Json,
  about: AboutEmail,
  input?: Json,
  style: TimeStyle = {},
): TextLine[] {
  return linesOf(playbook, result, about, input, style).map(screened);
}

function linesOf(
  playbook: string | null,
  result: Json,
  about: AboutEmail,
  input: Json | undefined,
  style: TimeStyle,
): TextLine[] {
  if (result === null) return [];
  const given: Obj = isObj(input ?? null) ? (input as Obj) : {};
  if (playbook === 'answer' && isObj(result)) return answered(result, given);
  if (playbook === 'person' && isObj(result)) return aboutPerson(result, about, style);
  if (playbook === 'daily-brief' && isObj(result)) return dailyBrief(result, about, style);
  if (playbook === 'follow-up' && Array.isArray(result))
    return followUps(result, typeof given.days === 'number' ? given.days : null, str(given.with), style);
  if (playbook === 'draft-reply' && isObj(result))
    return [
      line(
        `Drafted a reply to ${nameOf(str(result.to))}: “Re: ${str(result.subject).replace(/^Re:\s*/i, '')}”. It is in your drafts; nothing was sent.`,
        'subject',
      ),
    ];
  return generic(result);
}

/** The lines as one text, headings set apart, for the CLI's `text`. */
export const textOf = (lines: readonly TextLine[]): string =>
  lines
    .map((l) => (l.heading ? `\n${l.text}` : l.part && /\[\d+\]$/.test(l.part) ? `- ${l.text}` : l.text))
    .join('\n')
    .trim();
