// Answer playbook: a reply to one email (input.id) by what it is and what it asks. Nothing is sent
// on its own: a draft stays local, and a reply that commits the person (accepting a time, an
// invitation) is a call the policy turns into a claim the person approves in Review.
// Triage says the email's category (input.category), and the reply follows it:
// - FYI, a newsletter, a receipt: nothing to answer, no draft; suspicious: never a reply at all
//   (a reply that complies is what such mail is after);
// - a meeting: a proposed time (a weekday and "at/to HH:MM") from a contact is checked against
//   the calendar: when it is free the reply accepts it, otherwise the draft offers up to three free
//   slots that day; an invitation the sender organised at exactly that time is accepted (that
//   holds the time); a meeting with no time to check asks for one, or declines (the person picks);
// - a request (needs-reply, or no category): a proposed time as above; a request to send a
//   document (one named as such: a chart, a deck, a report…) searches the mailbox and says what
//   was found, or that it will follow; a yes-or-no question gets both answers, for the person to
//   pick one; anything it cannot answer from the mail and calendar gets a short holding reply
//   ("I will get back to you on this soon"), never an answer it made up.
// Without a language model the words are templates, and a draft says what it could not decide.
// With one (the host sets input.writer when a model is the extractor), the quarantined extractor
// writes the words: it reads the email and what was decided, has no tools, and its answer stays
// labeled with the email; it goes into the body only, between the greeting and the signature,
// while the recipient, subject and threading come from the email itself. The notes for the
// person stay Zamburak's; a failed or empty answer keeps the template's words.
// Returns {intent, draftId, replied, replyTo, subject}; intent null and no draft when the category
// needs no reply.
const signature = input.signature || (await me()).name;
const nowIso = await now();
const nowMs = Date.parse(nowIso);
const DAYS = ['sunday', 'monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday'];
const MINUTE = 60000;
const DAY = 24 * 60 * MINUTE;
// Times are read and written where the person is (zone.js): wall-clock milliseconds, turned into
// the instant (utcOf) only to compare with the calendar.
const today = wallOf(nowMs) - (wallOf(nowMs) % DAY);

const dayName = (ms) => {
  const d = DAYS[new Date(ms).getUTCDay()];
  return d[0].toUpperCase() + d.slice(1);
};
const addressOf = (from) => {
  const m = /<([^>]+)>/.exec(from);
  return (m ? m[1] : from).trim().toLowerCase();
};
const firstName = (from) => {
  const m = /^\s*"?([^"<@\s]+)[^<]*</.exec(from);
  return m ? m[1] : '';
};

// A weekday (or today/tomorrow) and a clock time after "at/to/for": the next such day, as a
// wall-clock time where the person is.
function proposedTime(text) {
  const t = /\b(?:to|at|for|around)\s+([01]?\d|2[0-3])[:.]([0-5]\d)\b/i.exec(text);
  const d = /\b(today|tomorrow|monday|tuesday|wednesday|thursday|friday|saturday|sunday)\b/i.exec(text);
  if (!t || !d) return null;
  const day = d[1].toLowerCase();
  const ahead =
    day === 'today' ? 0 : day === 'tomorrow' ? 1 : (DAYS.indexOf(day) - new Date(today).getUTCDay() + 7) % 7;
  return today + ahead * DAY + (Number(t[1]) * 60 + Number(t[2])) * MINUTE;
}

// The meeting an email is about: one the sender organises on that day (the one to move, or the
// invitation itself); none when the email proposes something new.
function meetingOf(events, sender) {
  return events.find((ev) => addressOf(ev.organizer) === sender) || null;
}

// Your own blocks without attendees named as focus time or a hold can give way to a meeting.
const flexible = (ev) => ev.attendees.length === 0 && /^(focus|hold)\b/i.test(ev.title);

async function answerTime(e, wall) {
  const sender = addressOf(e.from);
  const at = utcOf(wall);
  const dayStart = wall - (wall % DAY);
  const events = await listEvents({
    from: new Date(utcOf(dayStart)).toISOString(),
    to: new Date(utcOf(dayStart + DAY)).toISOString(),
  });
  const meeting = meetingOf(events, sender);
  const length = meeting ? new Date(meeting.end).getTime() - new Date(meeting.start).getTime() : 60 * MINUTE;
  const others = events.filter((ev) => ev !== meeting && !flexible(ev));
  const clash = (s) =>
    others.find((ev) => new Date(ev.start).getTime() < s + length && new Date(ev.end).getTime() > s) || null;
  const when = `${dayName(wall)} at ${clockOf(wall)}`;
  if (meeting && new Date(meeting.start).getTime() === at) {
    // The invitation is already there at that time: accepting it holds the time.
    await respondToEvent(meeting.id, 'accepted');
    return { words: `Yes, I will be there ${when}. I have accepted the invitation.`, send: !clash(at) };
  }
  // Free, or only your own focus time or hold in the way (a reply sent is no place for a note):
  // the reply accepts, and the person sees the claim before it goes.
  if (!clash(at)) return { words: `Yes, ${when} works for me.`, send: true };
  const slots = [];
  for (
    let s = dayStart + 9 * 60 * MINUTE;
    s + length <= dayStart + 17 * 60 * MINUTE && slots.length < 3;
    s += 30 * MINUTE
  )
    if (utcOf(s) > nowMs && !clash(utcOf(s))) slots.push(clockOf(s));
  return slots.length
    ? {
        words: `I am not free ${when}. Would one of these work instead on ${dayName(wall)}: ${slots.join(', ')}?`,
        send: false,
      }
    : {
        words: `I am not free ${when}, and ${dayName(wall)} is full.`,
        note: 'I could not find a free slot that day; suggest another day.',
        send: false,
      };
}

async function answerDocument(e, what) {
  const found = await searchEmails({ query: what, limit: 3 });
  const hits = found.filter((m) => m.id !== e.id);
  return hits.length
    ? {
        words: `Here is what I found on the ${what}: ${hits.map((m) => `"${m.subject}"`).join(', ')}. I will send it over.`,
        note: 'check that this is the document asked for, and attach it.',
      }
    : {
        words: `I will send you the ${what} as soon as I have it.`,
        note: `no email mentions the ${what}; I could not decide what to send.`,
      };
}

// A document asked for: "send me the updated ARR chart", "share the Q1 deck". Only a thing named
// as a document: "send me your questions" asks for the person's own words, which no search finds.
const DOCUMENT =
  /\b(?:send|share|forward)\s+(?:me\s+|us\s+)?(?:the\s+)?(?:updated\s+|latest\s+|final\s+|new\s+)?([A-Za-z0-9][\w -]{0,40}?\b(?:chart|deck|report|file|slides|spreadsheet|sheet|table|figures|numbers|invoice|contract|draft|agenda|plan|proposal|quote|pdf|document|doc|notes|summary|presentation|mockups?|budget|forecast))\b/i;
const documentOf = (text) => {
  const m = DOCUMENT.exec(text);
  return m && !/^(?:your|my|our|his|her|their|a|an|some|any)\b/i.test(m[1]) ? m[1] : null;
};

// A yes-or-no question put to the person: "Could you review…?", "Free for a quick call this week?".
// A question for facts ("When can we expect the fix?") is not one: a yes or no would not answer it.
const yesOrNo = (text) =>
  text
    .split(/(?<=[.?!])\s+|\n+/)
    .some(
      (q) =>
        /\?\s*$/.test(q) &&
        !/^\s*(?:when|what|where|which|who|whom|whose|why|how)\b/i.test(q) &&
        /^\s*(?:can|could|would|will|are|do|does|is|shall|should|may|free|available|any chance)\b/i.test(q),
    );

const REPLY = {
  type: 'object',
  properties: {
    text: {
      type: 'string',
      description:
        'The text of a reply to this email, written for ' +
        signature +
        ', that says what is under "What the reply says" and nothing more: no greeting, no signature, no addresses, no links, no promises it does not make.',
    },
  },
  required: ['text'],
};

// The reply's words: the template's, or the extractor's when a model writes them.
async function written(e, words) {
  if (!input.writer) return words;
  let text = '';
  try {
    const r = await extract(
      'From: ' + e.from + '\nSubject: ' + e.subject + '\n\n' + e.body + '\n\n--- What the reply says ---\n' + words,
      REPLY,
    );
    text = r.text.trim();
  } catch (err) {
    text = '';
  }
  return text || words;
}

const HOLDING = {
  intent: 'holding',
  words: 'Thank you for this. I will get back to you on it soon.',
  note: 'I could not answer this from your mail and calendar: write the answer here, or delete this note and send the holding reply.',
};

async function reply(e, text, category) {
  const at = proposedTime(text);
  const sender = addressOf(e.from);
  const known = (await searchContacts(sender)).some((c) => c.email.toLowerCase() === sender);
  if (at !== null && !known)
    return {
      intent: 'time',
      words: PICK + 'Yes, that time works for me.\nSorry, I cannot make it.',
      note: `${sender} is not in your contacts, so I did not accept on your behalf.`,
    };
  if (at !== null) return { intent: 'time', ...(await answerTime(e, at)) };
  if (category === 'meeting')
    return {
      intent: 'meeting',
      words: PICK + 'I would be glad to meet. Which day and time suit you?\nSorry, I cannot make it.',
      note: 'the email proposes no time I could check against your calendar.',
    };
  const doc = documentOf(e.body);
  if (doc) return { intent: 'document', ...(await answerDocument(e, doc)) };
  if (yesOrNo(e.body))
    return {
      intent: 'question',
      words: PICK + 'Yes, I can do that.\nSorry, I cannot this time.',
      note: 'I could not decide the answer to this question.',
    };
  return HOLDING;
}

const PICK = '[Pick one and delete the other.]\n';

// The whole body: greeting, the words (the extractor's when a model writes them), the note for
// the person, the signature.
async function letter(e, r) {
  const greeting = firstName(e.from) ? `Hi ${firstName(e.from)},` : 'Hi,';
  const note = r.note ? `\n\n[Note for you: ${r.note}]` : '';
  return `${greeting}\n\n${await written(e, r.words)}${note}\n\nBest,\n${signature}`;
}

// Mail that needs no answer gets none; mail that looks suspicious never one that complies.
const NO_REPLY = ['fyi', 'newsletter', 'receipt', 'suspicious'];
if (NO_REPLY.includes(input.category))
  return { intent: null, draftId: null, replied: false, replyTo: input.id || null };
// input.id names the email; or input.from, a contact's address: their latest email in the inbox.
const latest = input.id ? [] : await searchEmails({ from: input.from, folder: 'INBOX', limit: 1 });
if (!input.id && latest.length === 0) return { intent: null, draftId: null, replied: false, replyTo: null };
const e = await getEmail(input.id || latest[0].id);
const r = await reply(e, e.subject + '\n' + e.body, input.category);
const body = await letter(e, r);
let draftId = null;
if (r.send) await replyToEmail(e.id, { body: body });
else {
  const d = await createDraft({
    to: [e.from],
    subject: e.subject.startsWith('Re:') ? e.subject : 'Re: ' + e.subject,
    body: body,
    inReplyTo: e.id,
  });
  draftId = d.draftId;
}
return { intent: r.intent, draftId: draftId, replied: r.send === true, replyTo: e.id, subject: e.subject };
