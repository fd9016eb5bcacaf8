/**
 * Every rule of the shipped presets, exercised with synthetic calls: each rule is reached by at
 * least one case (checked at the end), and neighbouring cases show the other decisions.
 */
import { describe, it, expect } from 'vitest';
import type { GateCall, Decision } from '../../../engine/gate/types';
import type { Label } from '../../../engine/ifc/label';
import type { LabeledValue } from '../../../engine/ifc/labeled-value';
import { loadPolicy, policyGate, presetPolicy, type Policy } from '../../../engine/policy';
import { arr, call, ctx, fromEmail, lab, lit, val, ATTACKER, CONTACT, PRIYA, USER } from './helpers';

interface Case {
  name: string;
  call: GateCall;
  decision: Decision['decision'];
  rule: string;
  risk?: 'low' | 'medium' | 'high';
  /** Substrings that must appear among the reasons. */
  reasons?: string[];
  /** The recipients a host resolves from the item (an event's attendees after an update). */
  recipients?: string[];
  /** Attested senders the host knows, by item id (an email's authenticated From, an organiser). */
  authors?: Record<string, string>;
}

const withSettings = (base: string, yaml: string): Policy => {
  const r = loadPolicy(`version: 1\nextends: ${base}\n${yaml}`);
  if (!r.ok) throw new Error(JSON.stringify(r.errors));
  return r.policy;
};

const OMAR = 'omar@acme.test';
const contacts = [CONTACT, PRIYA, OMAR];
const email = (extra: Record<string, ReturnType<typeof lit>>) => ({
  subject: lit('Hello'),
  body: lit('Running late.'),
  ...extra,
});
const sixEmails = arr(['e1', 'e2', 'e3', 'e4', 'e5', 'e6'].map((id) => fromEmail(id, `note ${id}`, [CONTACT])));
const piiEmails = val('phones: …', {
  sources: ['tool:getEmail:e1', 'tool:getEmail:e2'],
  readers: [CONTACT, USER],
  caps: ['PII_PHONE', 'PII_EMAIL'],
});
/** An event as listEvents returns it: readers are organizer, attendees and the user. */
const eventId = (id: string, organizer: string, attendees: string[] = []) =>
  val(id, { sources: [`tool:listEvents:${id}`], readers: [organizer, ...attendees, USER] });

/** forwardEmail and updateEvent: the same in both presets. */
const forwardAndUpdate = (): Case[] => [
  {
    name: 'forwarding an email to yourself',
    call: call('forwardEmail', { id: lit('e1'), to: lit([USER]) }),
    decision: 'allow',
    rule: 'egress/to-self',
  },
  {
    name: 'forwarding an email to a contact, by your own request',
    call: call('forwardEmail', { id: lit('e1'), to: lit([CONTACT]), body: lit('FYI') }, { contacts }),
    decision: 'confirm',
    rule: 'forward/original-content',
    risk: 'high',
  },
  {
    name: 'moving an event of yours that has no other attendees',
    call: call('updateEvent', { id: eventId('ev1', USER), start: lit('2026-03-17T10:00:00Z') }),
    recipients: [],
    decision: 'allow',
    rule: 'calendar/update-no-attendees',
  },
  {
    name: 'adding someone an email chose to your event',
    call: call(
      'updateEvent',
      { id: eventId('ev1', USER, [CONTACT]), addAttendees: fromEmail('e1', [OMAR], []) },
      { contacts },
    ),
    recipients: [CONTACT, OMAR],
    decision: 'confirm',
    rule: 'calendar/untrusted-attendees',
    risk: 'high',
  },
  {
    name: 'moving your meeting with a contact, by your own request',
    call: call('updateEvent', { id: lit('ev1'), start: lit('2026-03-17T10:00:00Z') }, { contacts }),
    recipients: [CONTACT],
    decision: 'allow',
    rule: 'egress/trusted',
  },
  {
    name: 'moving your meeting because an email said so',
    call: call(
      'updateEvent',
      { id: eventId('ev1', USER, [CONTACT]), start: lit('2026-03-17T10:00:00Z') },
      { contacts, context: ctx('tool:getEmail:e1') },
    ),
    recipients: [CONTACT],
    decision: 'confirm',
    rule: 'egress/untrusted-context',
  },
];

const sharedEgress = (): Case[] => [
  ...forwardAndUpdate(),
  {
    name: 'reading an email',
    call: call('getEmail', { id: lit('e1') }),
    decision: 'allow',
    rule: 'read/allow',
  },
  {
    name: 'quarantined extraction over untrusted text',
    call: call(
      'extract',
      { text: fromEmail('e1', 'x', []), schema: lit({ type: 'string' }) },
      { context: ctx('tool:getEmail:e1') },
    ),
    decision: 'allow',
    rule: 'read/allow',
  },
  {
    name: 'the transcript',
    call: call('log', { values: fromEmail('e1', ['x'], []) }),
    decision: 'allow',
    rule: 'read/allow',
  },
  {
    name: 'a sanitizer',
    call: call('verifyEmailAddress', { address: fromEmail('e1', ATTACKER, []) }),
    decision: 'allow',
    rule: 'read/allow',
  },
  {
    name: 'a draft to an untrusted address with untrusted content',
    call: call(
      'createDraft',
      { to: fromEmail('m1', [ATTACKER], []), subject: lit('x'), body: fromEmail('m2', 'secret', [PRIYA], ['SECRET']) },
      { context: ctx('tool:getEmail:m1') },
    ),
    decision: 'allow',
    rule: 'drafts/allow',
  },
  {
    name: 'SECRET in the body to a contact',
    call: call(
      'sendEmail',
      email({ to: lit([CONTACT]), body: fromEmail('e7', 'your code is 123456', [CONTACT], ['SECRET']) }),
    ),
    decision: 'deny',
    rule: 'egress/secret',
    reasons: ['`body` carries SECRET (from tool:getEmail:e7)'],
  },
  {
    name: 'SECRET in the subject, one of several recipients is the user',
    call: call('sendEmail', {
      to: lit([USER, CONTACT]),
      subject: fromEmail('e7', 'pw', [CONTACT], ['SECRET']),
      body: lit(''),
    }),
    decision: 'deny',
    rule: 'egress/secret',
  },
  {
    name: 'SECRET in a reply',
    call: call('replyToEmail', {
      id: fromEmail('e7', 'e7', [CONTACT]),
      body: fromEmail('e7', 'code', [CONTACT], ['SECRET']),
    }),
    decision: 'deny',
    rule: 'egress/secret',
  },
  {
    name: 'SECRET in an invitation',
    call: call('createEvent', {
      title: lit('Sync'),
      start: lit('2026-03-16T10:00:00Z'),
      end: lit('2026-03-16T10:30:00Z'),
      attendees: lit([CONTACT]),
      description: fromEmail('e7', 'api key', [CONTACT], ['SECRET']),
    }),
    decision: 'deny',
    rule: 'egress/secret',
  },
  {
    name: 'data joined from six untrusted emails to a contact',
    call: call('sendEmail', email({ to: lit([CONTACT]), body: sixEmails })),
    decision: 'confirm',
    rule: 'egress/bulk',
    risk: 'high',
    reasons: ['joins 6 untrusted sources (more than'],
  },
  {
    name: 'four PII findings to a contact',
    call: call('sendEmail', email({ to: lit([CONTACT]), body: piiEmails })),
    decision: 'confirm',
    rule: 'egress/bulk',
    reasons: ['4 PII findings'],
  },
  {
    name: 'SECRET mailed to the user only',
    call: call(
      'sendEmail',
      email({ to: lit(['Alex Doe <ALEX@acme.test>']), body: fromEmail('e7', 'code', [], ['SECRET']) }),
    ),
    decision: 'allow',
    rule: 'egress/to-self',
  },
  {
    name: 'an untrusted address on the attacker side',
    call: call('sendEmail', email({ to: fromEmail('m1', [ATTACKER], []) }), { contacts }),
    decision: 'confirm',
    rule: 'egress/untrusted-recipient',
    risk: 'high',
    reasons: ['`to[0]` (zed@attacker.test) came from tool:getEmail:m1, which is untrusted'],
  },
];

/** Sample 05: an email's text to a contact who may not read it (the default preset also sees who wrote it). */
const sample05 = (rule: string, risk: Case['risk']): Case => ({
  name: 'a contact who may not read the body (sample 05)',
  call: call(
    'sendEmail',
    { to: lit([OMAR]), subject: lit('FYI'), body: fromEmail('m2', 'OFFER', [PRIYA]) },
    { contacts },
  ),
  decision: 'confirm',
  rule,
  risk,
  reasons: [
    '`to[0]` (omar@acme.test) cannot read `body` (from tool:getEmail:m2): its readers are {alex@acme.test, priya@acme.test}',
  ],
});

/** The caps the world puts on an email's text fields (from, to, cc, subject, body). */
const MAIL_TEXT = ['UNTRUSTED_TEXT', 'EXTERNAL_CONTENT'];

/** Sample 07: a plan literal to a contact, with data from an email that contact may read. */
const sample07 = (): GateCall =>
  call(
    'sendEmail',
    {
      to: lit([PRIYA]),
      subject: fromEmail('m2', 'Re: Offer', [PRIYA], MAIL_TEXT),
      body: fromEmail('m2', 'Looks good: …', [PRIYA], MAIL_TEXT),
    },
    { contacts },
  );

/** A search over Bob's mail (`e1`, `e2` listed), and a reply to `e1` written by you. */
const bobsSearch = lab({
  sources: ['tool:searchEmails:e1#listed', 'tool:searchEmails:e2#listed'],
  readers: [CONTACT, USER],
});
const replyInBranch = (body: ReturnType<typeof val>): GateCall =>
  call('replyToEmail', { id: fromEmail('e1', 'e1', [CONTACT], [], 'searchEmails'), body }, { context: bobsSearch });
const yourWords = val('Thanks Bob, I will review it.', {
  sources: ['tool:searchEmails:e1#listed', 'tool:searchEmails:e2#listed'],
  readers: [CONTACT, USER],
});
const WEBINAR = 'events@webinar.test';
const declineOf = (response: string): GateCall =>
  call(
    'respondToEvent',
    {
      id: eventId('ev2', WEBINAR),
      response: val(response, { sources: ['tool:listEvents:ev2'], readers: [WEBINAR, USER] }),
    },
    { context: lab({ sources: ['tool:listEvents:ev2', 'tool:listEvents:ev2#listed'], readers: [WEBINAR, USER] }) },
  );

/** egress/decided-by-recipients and calendar/decline-invitation, and their neighbours. */
const decidedByRecipients = (): Case[] => [
  {
    name: "a reply in your words, decided only by the recipient's own authenticated mail",
    call: replyInBranch(yourWords),
    recipients: [CONTACT],
    authors: { e1: CONTACT, e2: CONTACT },
    decision: 'allow',
    rule: 'egress/decided-by-recipients',
    reasons: ['every untrusted source was sent (authenticated) by a recipient: bob@acme.test'],
  },
  {
    name: 'the same reply when a listed mail failed authentication',
    call: replyInBranch(yourWords),
    recipients: [CONTACT],
    authors: { e1: CONTACT },
    decision: 'confirm',
    rule: 'egress/untrusted-context',
    reasons: ['tool:searchEmails:e2#listed, whose sender is not authenticated'],
  },
  {
    name: 'the same reply when someone else sent a listed mail',
    call: replyInBranch(yourWords),
    recipients: [CONTACT],
    authors: { e1: CONTACT, e2: ATTACKER },
    decision: 'confirm',
    rule: 'egress/untrusted-context',
    reasons: [`sent by ${ATTACKER}, who is not a recipient`],
  },
  {
    name: "a reply that quotes the recipient's own mail back",
    call: replyInBranch(fromEmail('e1', 'quoted text', [CONTACT], ['UNTRUSTED_TEXT'], 'searchEmails')),
    recipients: [CONTACT],
    authors: { e1: CONTACT, e2: CONTACT },
    decision: 'confirm',
    rule: 'egress/untrusted-context',
  },
  {
    name: "declining an authenticated organiser's invitation, decided by that invitation alone",
    call: declineOf('declined'),
    recipients: [WEBINAR],
    authors: { ev2: WEBINAR },
    decision: 'allow',
    rule: 'calendar/decline-invitation',
  },
  {
    name: 'accepting that invitation the same way',
    call: declineOf('accepted'),
    recipients: [WEBINAR],
    authors: { ev2: WEBINAR },
    decision: 'confirm',
    rule: 'egress/untrusted-recipient',
  },
  {
    name: 'declining an invitation whose organiser was not authenticated',
    call: declineOf('declined'),
    recipients: [WEBINAR],
    decision: 'confirm',
    rule: 'egress/untrusted-recipient',
  },
  ...acceptFromOrganiser(),
];

/**
 * calendar/accept-from-organiser: "accept Bob's meeting" picked with `find` from a listing
 * filtered on Bob (listEvents `organizer`), whose candidates are Bob's invitations (ev1, ev3)
 * and, in the attacks, an unauthenticated or someone else's event (ev9).
 */
const bobsPick = (others: string[], response: LabeledValue = lit('accepted'), context?: Label): GateCall =>
  call(
    'respondToEvent',
    {
      id: val('ev1', {
        sources: ['tool:listEvents:ev1', ...['ev1', ...others].map((e) => `tool:listEvents:${e}#listed`)],
        readers: [CONTACT, USER],
      }),
      response,
    },
    context ? { context } : {},
  );
const acceptFromOrganiser = (): Case[] => [
  {
    name: "accepting a contact's invitation that only the contact's own invitations decided",
    call: bobsPick(['ev3']),
    recipients: [CONTACT],
    authors: { ev1: CONTACT, ev3: CONTACT },
    decision: 'allow',
    rule: 'calendar/accept-from-organiser',
    reasons: ['every untrusted source was sent (authenticated) by a recipient: bob@acme.test'],
  },
  {
    name: 'the same acceptance when a forged invitation (organiser not authenticated) is a candidate',
    call: bobsPick(['ev3', 'ev9']),
    recipients: [CONTACT],
    authors: { ev1: CONTACT, ev3: CONTACT },
    decision: 'confirm',
    rule: 'egress/untrusted-data',
    reasons: ['tool:listEvents:ev9#listed, whose sender is not authenticated'],
  },
  {
    name: "the same acceptance when an outsider's event took part",
    call: bobsPick(['ev9']),
    recipients: [CONTACT],
    authors: { ev1: CONTACT, ev9: ATTACKER },
    decision: 'confirm',
    rule: 'egress/untrusted-data',
    reasons: [`sent by ${ATTACKER}, who is not a recipient`],
  },
  {
    name: 'the picked invitation itself not authenticated (a forged one is the only candidate)',
    call: bobsPick([]),
    recipients: [CONTACT],
    decision: 'confirm',
    rule: 'egress/untrusted-data',
  },
  {
    name: "accepting in a branch the contact's invitations decided (whether, not only which)",
    call: bobsPick(
      ['ev3'],
      lit('accepted'),
      lab({ sources: ['tool:listEvents:ev1#listed'], readers: [CONTACT, USER] }),
    ),
    recipients: [CONTACT],
    authors: { ev1: CONTACT, ev3: CONTACT },
    decision: 'confirm',
    rule: 'egress/untrusted-context',
  },
  {
    name: 'an answer the invitation chose (its text says which)',
    call: bobsPick(['ev3'], val('accepted', { sources: ['tool:listEvents:ev1'], readers: [CONTACT, USER] })),
    recipients: [CONTACT],
    authors: { ev1: CONTACT, ev3: CONTACT },
    decision: 'confirm',
    rule: 'egress/untrusted-data',
  },
  {
    name: 'declining the same way (not self-scoped: only the decline rule could, and it asks for that)',
    call: bobsPick(['ev3'], lit('declined')),
    recipients: [CONTACT],
    authors: { ev1: CONTACT, ev3: CONTACT },
    decision: 'confirm',
    rule: 'egress/untrusted-data',
  },
  {
    name: "accepting an authenticated outsider's invitation the same way",
    call: bobsPick(['ev3']),
    recipients: [WEBINAR],
    authors: { ev1: WEBINAR, ev3: WEBINAR },
    decision: 'confirm',
    rule: 'egress/untrusted-recipient',
  },
];

/**
 * calendar/invite-from-trusted-events: "invite the same people as the Introductory meeting" — the
 * attendees of ev1 (organised by a contact), picked with `find` from a day's listing that also
 * held ev2; and, in the attacks, the same shape where an organiser is forged or an outsider.
 */
const copiedAttendees = (events: string[], picked = events[0]!): LabeledValue =>
  val([USER, CONTACT, PRIYA], {
    sources: [`tool:listEvents:${picked}`, ...events.map((e) => `tool:listEvents:${e}#listed`)],
    readers: [CONTACT, PRIYA, USER],
  });
const followUp = (attendees: LabeledValue, extra: Record<string, LabeledValue> = {}): GateCall =>
  call(
    'createEvent',
    {
      title: lit('Follow-up meeting'),
      start: lit('2026-03-19T10:00:00Z'),
      end: lit('2026-03-19T11:00:00Z'),
      attendees,
      description: lit('Follow-up meeting to discuss the project.'),
      ...extra,
    },
    { contacts },
  );
const inviteFromEvents = (): Case[] => [
  {
    name: "an invitation to the participants of a contact's event, picked among events you and contacts organised",
    call: followUp(copiedAttendees(['ev1', 'ev2'])),
    authors: { ev1: CONTACT, ev2: PRIYA },
    decision: 'allow',
    rule: 'calendar/invite-from-trusted-events',
    reasons: [
      'every untrusted source is an event organised (authenticated) by you, a contact or an allowlisted address',
    ],
  },
  {
    name: 'the same when the event copied claims a contact as organiser but was not authenticated',
    call: followUp(copiedAttendees(['ev1', 'ev2'])),
    authors: { ev2: PRIYA },
    decision: 'confirm',
    rule: 'egress/untrusted-data',
    reasons: ['tool:listEvents:ev1, whose sender is not authenticated'],
  },
  {
    name: "the same when an outsider's event was copied (its attendees all contacts)",
    call: followUp(copiedAttendees(['ev9', 'ev2'])),
    authors: { ev9: ATTACKER, ev2: PRIYA },
    decision: 'confirm',
    rule: 'egress/untrusted-data',
    reasons: [`tool:listEvents:ev9, sent by ${ATTACKER}, who is not a recipient`],
  },
  {
    name: "the same when an outsider's event was only in the listing (it could have been the one picked)",
    call: followUp(copiedAttendees(['ev1', 'ev9'])),
    authors: { ev1: CONTACT, ev9: ATTACKER },
    decision: 'confirm',
    rule: 'egress/untrusted-data',
  },
  {
    name: "the same with the contact's event text in the description",
    call: followUp(copiedAttendees(['ev1']), {
      description: val('Agenda: …', { sources: ['tool:listEvents:ev1'], readers: [CONTACT, USER], caps: MAIL_TEXT }),
    }),
    authors: { ev1: CONTACT },
    decision: 'confirm',
    rule: 'egress/untrusted-data',
  },
  {
    name: "attendees taken from a contact's authenticated mail (not an event)",
    call: followUp(fromEmail('m1', [CONTACT, PRIYA], [CONTACT, PRIYA])),
    authors: { m1: CONTACT },
    decision: 'confirm',
    rule: 'egress/untrusted-data',
    reasons: ['the call goes to 2 recipients (more than 1)'],
  },
];

/**
 * calendar/invite-its-author: "book the hike with Bob at the place his mail names" — the place
 * and time from Bob's mail m1, picked among his mail (m1, m2), to Bob alone.
 */
const fromBobsMail = (mails: string[], picked = mails[0]!): LabeledValue =>
  val('the island trailhead', {
    sources: [`tool:searchEmails:${picked}`, ...mails.map((m) => `tool:searchEmails:${m}#listed`)],
    readers: [CONTACT, USER],
    caps: MAIL_TEXT,
  });
const hike = (location: LabeledValue, attendees = lit([CONTACT]), context?: Label): GateCall =>
  call(
    'createEvent',
    {
      title: lit('Hiking Trip'),
      start: lit('2026-03-21T08:00:00Z'),
      end: lit('2026-03-21T13:00:00Z'),
      attendees,
      location,
    },
    { contacts, ...(context ? { context } : {}) },
  );
const inviteItsAuthor = (): Case[] => [
  {
    name: 'an invitation to a contact at the place their own authenticated mail names, picked among their mail',
    call: hike(
      fromBobsMail(['m1', 'm2']),
      lit([CONTACT]),
      lab({ sources: ['tool:searchEmails:m2#listed'], readers: [CONTACT, USER] }),
    ),
    authors: { m1: CONTACT, m2: CONTACT },
    decision: 'allow',
    rule: 'calendar/invite-its-author',
  },
  {
    name: 'the same when a mail claiming to be the contact (not authenticated) was among the candidates',
    call: hike(fromBobsMail(['m1', 'm9'])),
    authors: { m1: CONTACT },
    decision: 'confirm',
    rule: 'egress/untrusted-data',
    reasons: ['tool:searchEmails:m9#listed, whose sender is not authenticated'],
  },
  {
    name: "the same when the place came from an outsider's mail",
    call: hike(fromBobsMail(['m9', 'm1'])),
    authors: { m1: CONTACT, m9: ATTACKER },
    decision: 'confirm',
    rule: 'egress/untrusted-data',
    reasons: [`sent by ${ATTACKER}, who is not a recipient`],
  },
  {
    name: "the same with a second contact invited: Bob's words would reach Priya as yours",
    call: hike(fromBobsMail(['m1']), lit([CONTACT, PRIYA])),
    authors: { m1: CONTACT },
    decision: 'confirm',
    rule: 'egress/untrusted-data',
  },
];

/** Mail that untrusted data wrote or addressed: it runs on its own only back to the one person who wrote it. */
const untrustedData = (): Case[] => [
  sample05('egress/untrusted-data', 'high'),
  {
    name: "sample 07: Priya's own mail quoted back to her alone, sender authenticated",
    call: sample07(),
    recipients: [PRIYA],
    authors: { m2: PRIYA },
    decision: 'allow',
    rule: 'egress/to-its-author',
  },
  {
    name: 'sample 07 when the sender of that mail was not authenticated',
    call: sample07(),
    decision: 'confirm',
    rule: 'egress/untrusted-data',
    risk: 'high',
    reasons: ['`body` came from tool:getEmail:m2, which is untrusted', 'whose sender is not authenticated'],
  },
  {
    name: "sample 07 with a second contact on cc: Priya's words would reach Omar as yours",
    call: call(
      'sendEmail',
      {
        to: lit([PRIYA]),
        cc: lit([OMAR]),
        subject: lit('Re: Offer'),
        body: fromEmail('m2', 'Looks good: …', [PRIYA, OMAR], MAIL_TEXT),
      },
      { contacts },
    ),
    authors: { m2: PRIYA },
    decision: 'confirm',
    rule: 'egress/untrusted-data',
  },
  {
    name: "an email's text to a contact who was on it but did not write it (red team round 3)",
    call: call(
      'sendEmail',
      { to: lit([OMAR]), subject: lit('note'), body: fromEmail('m2', 'Please wire…', [PRIYA, OMAR], MAIL_TEXT) },
      { contacts },
    ),
    authors: { m2: PRIYA },
    decision: 'confirm',
    rule: 'egress/untrusted-data',
    reasons: ['`body` came from tool:getEmail:m2, which is untrusted', `sent by ${PRIYA}, who is not a recipient`],
  },
  {
    name: "a contact an email's text picked, with your words",
    call: call('sendEmail', email({ to: fromEmail('m2', [OMAR], [PRIYA, OMAR], MAIL_TEXT) }), { contacts }),
    authors: { m2: PRIYA },
    decision: 'confirm',
    rule: 'egress/untrusted-data',
    reasons: ['`to[0]` came from tool:getEmail:m2, which is untrusted', `sent by ${PRIYA}, who is not a recipient`],
  },
  {
    name: "an email's text as the subject",
    call: call('sendEmail', email({ to: lit([OMAR]), subject: fromEmail('m2', 'Urgent', [PRIYA, OMAR], MAIL_TEXT) }), {
      contacts,
    }),
    decision: 'confirm',
    rule: 'egress/untrusted-data',
  },
  {
    name: 'moving your meeting with a contact to a time an email gave',
    call: call(
      'updateEvent',
      { id: lit('ev1'), start: fromEmail('m2', '2026-03-17T10:00:00Z', [CONTACT]) },
      { contacts },
    ),
    recipients: [CONTACT],
    decision: 'confirm',
    rule: 'egress/untrusted-data',
  },
  {
    name: 'accepting an invitation that another event decided (a forged one could be picked)',
    call: call('respondToEvent', {
      id: val('ev1', { sources: ['tool:listEvents:ev1', 'tool:listEvents:ev2'], readers: [CONTACT, USER] }),
      response: lit('accepted'),
    }),
    recipients: [CONTACT],
    authors: { ev1: CONTACT },
    decision: 'confirm',
    rule: 'egress/untrusted-data',
  },
  {
    name: 'your free slot mailed to a contact (trusted data only you may read)',
    call: call(
      'sendEmail',
      email({
        to: lit([CONTACT]),
        body: val('free at 13:00', { sources: ['tool:getFreeBusy:x'], untrusted: [], readers: [USER] }),
      }),
    ),
    decision: 'confirm',
    rule: 'egress/review',
    risk: 'medium',
  },
];

const defaultCases = (): Case[] => [
  ...sharedEgress(),
  ...untrustedData(),
  ...inviteFromEvents(),
  ...inviteItsAuthor(),
  {
    name: 'an event without attendees, decided by untrusted content',
    call: call(
      'createEvent',
      { title: fromEmail('e1', 'Dentist', []), start: lit('a'), end: lit('b') },
      { context: ctx('tool:getEmail:e1') },
    ),
    decision: 'allow',
    rule: 'calendar/no-attendees',
  },
  {
    name: 'an invitation to a contact at a free slot found in your own calendar',
    call: call(
      'createEvent',
      {
        title: lit('Retro'),
        start: val('2026-03-17T13:00:00Z', {
          sources: ['tool:getFreeBusy:x'],
          untrusted: [],
          readers: [USER],
          caps: ['PRIVATE_CALENDAR'],
        }),
        end: lit('2026-03-17T13:30:00Z'),
        attendees: lit([CONTACT]),
      },
      { contacts, context: lab({ sources: ['tool:getFreeBusy:x'], untrusted: [], readers: [USER] }) },
    ),
    decision: 'allow',
    rule: 'calendar/trusted-invite',
  },
  {
    name: 'contacts an email chose (verified) invited together: each would see the other`s address',
    call: call(
      'createEvent',
      {
        title: lit('Partnership intro'),
        start: lit('a'),
        end: lit('b'),
        attendees: arr(
          [PRIYA, OMAR].map((a) =>
            val(a, {
              sources: ['tool:getEmail:e38', 'sanitizer:verifyEmailAddress'],
              untrusted: ['tool:getEmail:e38'],
              readers: [ATTACKER, USER],
              verified: 'EmailAddress',
            }),
          ),
          { sources: ['tool:getEmail:e38'], readers: [ATTACKER, USER] },
        ),
      },
      { contacts },
    ),
    decision: 'confirm',
    rule: 'egress/untrusted-data',
    reasons: ['came from tool:getEmail:e38'],
  },
  {
    name: 'an invitation to a contact carrying an email`s text',
    call: call(
      'createEvent',
      { title: fromEmail('m2', 'Offer details', [PRIYA]), start: lit('a'), end: lit('b'), attendees: lit([CONTACT]) },
      { contacts },
    ),
    decision: 'confirm',
    rule: 'egress/untrusted-data',
  },
  {
    name: 'an invitation to a contact who was on the email whose text it carries',
    call: call(
      'createEvent',
      { title: fromEmail('m2', 'Offer details', [PRIYA]), start: lit('a'), end: lit('b'), attendees: lit([PRIYA]) },
      { contacts },
    ),
    decision: 'confirm',
    rule: 'egress/untrusted-data',
  },
  {
    name: 'an event with an empty attendee list',
    call: call('createEvent', { title: lit('Focus'), start: lit('a'), end: lit('b'), attendees: lit([]) }),
    decision: 'allow',
    rule: 'calendar/no-attendees',
  },
  {
    name: 'mail to yourself decided by untrusted content',
    call: call('sendEmail', email({ to: lit([USER]), body: sixEmails }), { context: ctx('tool:listEmails:e3') }),
    decision: 'allow',
    rule: 'egress/to-self',
  },
  ...decidedByRecipients(),
  {
    name: 'accepting an invitation',
    call: call('respondToEvent', { id: eventId('ev1', 'carol@other.test', [CONTACT]), response: lit('accepted') }),
    authors: { ev1: 'carol@other.test' },
    decision: 'allow',
    rule: 'calendar/respond',
  },
  {
    name: 'accepting an invitation whose organiser was not authenticated (a forged one)',
    call: call('respondToEvent', { id: eventId('ev1', 'carol@other.test', [CONTACT]), response: lit('accepted') }),
    decision: 'confirm',
    rule: 'egress/untrusted-recipient',
  },
  {
    name: 'an answer decided by the invitation itself',
    call: call('respondToEvent', {
      id: eventId('ev1', 'carol@other.test'),
      response: val('declined', { sources: ['tool:listEvents:ev1'], readers: ['carol@other.test', USER] }),
    }),
    authors: { ev1: 'carol@other.test' },
    decision: 'allow',
    rule: 'calendar/decline-invitation',
  },
  {
    // Red team round 8: accepting commits your time, so the invitation's text may not say yes.
    name: 'a yes decided by the invitation itself',
    call: call('respondToEvent', {
      id: eventId('ev1', 'carol@other.test'),
      response: val('accepted', { sources: ['tool:listEvents:ev1'], readers: ['carol@other.test', USER] }),
    }),
    authors: { ev1: 'carol@other.test' },
    decision: 'confirm',
    rule: 'egress/untrusted-recipient',
  },
  {
    name: 'an answer to a stranger decided by another invitation',
    call: call('respondToEvent', {
      id: eventId('ev1', 'carol@other.test'),
      response: val('declined', { sources: ['tool:listEvents:ev2'], readers: 'public' }),
    }),
    decision: 'confirm',
    rule: 'egress/untrusted-recipient',
    reasons: ['carol@other.test (a participant of `id` ev1) is not one of your addresses, a contact or allowlisted'],
  },
  {
    name: 'an answer decided by another email',
    call: call(
      'respondToEvent',
      { id: eventId('ev1', CONTACT), response: lit('declined') },
      { context: ctx('tool:getEmail:m1') },
    ),
    decision: 'confirm',
    rule: 'egress/untrusted-context',
    reasons: ['the call happens because of untrusted data: tool:getEmail:m1 (control context)'],
  },
  {
    name: 'a literal to a contact (sample 06)',
    call: call(
      'sendEmail',
      { to: lit([OMAR]), subject: lit('Standup'), body: lit('Running 5 minutes late.') },
      { contacts },
    ),
    decision: 'allow',
    rule: 'egress/trusted',
  },
  {
    name: 'a reply in your words to a contact, to their own authenticated mail',
    call: call('replyToEmail', { id: fromEmail('e1', 'e1', [CONTACT]), body: lit('Thanks!') }),
    authors: { e1: CONTACT },
    decision: 'allow',
    rule: 'egress/decided-by-recipients',
  },
  {
    name: 'the same reply when the sender of that mail was not authenticated',
    call: call('replyToEmail', { id: fromEmail('e1', 'e1', [CONTACT]), body: lit('Thanks!') }),
    decision: 'confirm',
    rule: 'egress/untrusted-data',
    reasons: ['`id` depends on tool:getEmail:e1, whose sender is not authenticated'],
  },
  {
    name: 'an invitation to contacts and an allowlisted address',
    call: call('createEvent', { title: lit('Sync'), start: lit('a'), end: lit('b'), attendees: lit([CONTACT, PRIYA]) }),
    decision: 'allow',
    rule: 'egress/trusted',
  },
  {
    name: 'a contact chosen under an untrusted condition (sample 03, branch not taken)',
    call: call('sendEmail', email({ to: lit([OMAR]) }), { contacts, context: ctx('tool:getEmail:m1') }),
    decision: 'confirm',
    rule: 'egress/untrusted-context',
    risk: 'high',
  },
  {
    name: 'an address built from an email (sample 01)',
    call: call('sendEmail', {
      to: val([ATTACKER], { sources: ['tool:getEmail:m1'], readers: ['trudy@attacker.test', USER] }),
      subject: lit('List'),
      body: lit('Attached.'),
    }),
    decision: 'confirm',
    rule: 'egress/untrusted-recipient',
  },
  {
    name: 'archiving an email because of itself',
    call: call(
      'archiveEmail',
      { id: fromEmail('e1', 'e1', [], [], 'listEmails') },
      { context: ctx('tool:listEmails:e1') },
    ),
    decision: 'allow',
    rule: 'organize/self-scoped',
  },
  {
    name: 'labelling an email with a label it produced',
    call: call('labelEmail', { id: fromEmail('e1', 'e1', []), label: fromEmail('e1', 'newsletter', []) }),
    decision: 'allow',
    rule: 'organize/self-scoped',
  },
  {
    name: 'moving an email into a folder it named itself',
    call: call('moveEmail', { id: fromEmail('e1', 'e1', []), folder: fromEmail('e1', 'Drafts', []) }),
    decision: 'confirm',
    rule: 'organize/untrusted-destination',
    risk: 'low',
  },
  {
    name: 'marking a typed id read',
    call: call('markRead', { id: lit('e5') }),
    decision: 'allow',
    rule: 'organize/self-scoped',
  },
  {
    name: 'an email deciding what happens to another',
    call: call('moveEmail', { id: fromEmail('e1', 'e1', []), folder: fromEmail('e9', 'Trash', []) }),
    decision: 'confirm',
    rule: 'organize/review',
    risk: 'low',
    reasons: ['`folder` depends on tool:getEmail:e9, which is not the item acted on (e1)'],
  },
  {
    name: 'archiving under another email’s control',
    call: call('archiveEmail', { id: fromEmail('e1', 'e1', []) }, { context: ctx('tool:listEmails:e3') }),
    decision: 'confirm',
    rule: 'organize/review',
    reasons: ['the control context depends on tool:listEmails:e3, which is not the item acted on (e1)'],
  },
  {
    name: 'deleting (disabled)',
    call: call('deleteEmail', { id: lit('e1') }),
    decision: 'deny',
    rule: 'delete/disabled',
  },
];

const strictCases = (): Case[] => [
  ...sharedEgress(),
  sample05('egress/review', 'medium'),
  {
    name: 'a plan literal to a contact whose data came from an email they may read (sample 07): data untrusted',
    call: sample07(),
    decision: 'confirm',
    rule: 'egress/review',
    reasons: ['`body` came from tool:getEmail:m2, which is untrusted'],
  },
  {
    name: 'an event without attendees, decided by you',
    call: call('createEvent', { title: lit('Focus'), start: lit('a'), end: lit('b') }),
    decision: 'allow',
    rule: 'calendar/no-attendees',
  },
  {
    name: 'an event without attendees, decided by an email',
    call: call(
      'createEvent',
      { title: lit('Focus'), start: lit('a'), end: lit('b') },
      { context: ctx('tool:getEmail:e1') },
    ),
    decision: 'confirm',
    rule: 'egress/untrusted-context',
  },
  {
    name: 'mail to yourself, decided by you',
    call: call('sendEmail', email({ to: lit([USER]), body: sixEmails })),
    decision: 'allow',
    rule: 'egress/to-self',
  },
  {
    name: 'mail to yourself decided by an email',
    call: call('sendEmail', email({ to: lit([USER]) }), { context: ctx('tool:getEmail:e1') }),
    decision: 'confirm',
    rule: 'egress/untrusted-context',
  },
  {
    name: 'fully trusted mail',
    call: call('sendEmail', email({ to: lit([CONTACT]) })),
    decision: 'allow',
    rule: 'egress/trusted',
  },
  {
    name: 'a trusted context the recipient may not read',
    call: call('sendEmail', email({ to: lit([CONTACT]) }), { context: lab({ sources: ['system'], readers: [USER] }) }),
    decision: 'confirm',
    rule: 'egress/review',
    reasons: ['cannot read why the call happens'],
  },
  {
    name: 'a reply (its id came from the mailbox)',
    call: call('replyToEmail', { id: fromEmail('e1', 'e1', [CONTACT]), body: lit('Thanks!') }),
    decision: 'confirm',
    rule: 'egress/review',
  },
  {
    name: 'archiving a typed id',
    call: call('archiveEmail', { id: lit('e1') }),
    decision: 'allow',
    rule: 'organize/trusted',
  },
  {
    name: 'archiving an email because of itself',
    call: call('archiveEmail', { id: fromEmail('e1', 'e1', []) }, { context: ctx('tool:getEmail:e1') }),
    decision: 'confirm',
    rule: 'organize/review',
  },
  {
    name: 'deleting (disabled)',
    call: call('deleteEmail', { id: lit('e1') }),
    decision: 'deny',
    rule: 'delete/disabled',
  },
  {
    name: 'an untrusted context',
    call: call('sendEmail', email({ to: lit([CONTACT]) }), { context: ctx('tool:getEmail:e1') }),
    decision: 'confirm',
    rule: 'egress/untrusted-context',
  },
];

const deleteCases = (): Case[] => [
  {
    name: 'deleting under an untrusted context',
    call: call('deleteEmail', { id: fromEmail('e1', 'e1', []) }, { context: ctx('tool:searchEmails:e1') }),
    decision: 'deny',
    rule: 'delete/untrusted-context',
    reasons: ['tool:searchEmails:e1 (control context)'],
  },
  {
    name: 'deleting a typed id',
    call: call('deleteEmail', { id: lit('e1') }),
    decision: 'confirm',
    rule: 'delete/confirm',
    risk: 'high',
  },
  {
    name: 'deleting an email listed by a source, decided by you',
    call: call('deleteEmail', { id: fromEmail('e1', 'e1', []) }),
    decision: 'confirm',
    rule: 'delete/confirm',
  },
];

function check(policy: Policy, cases: Case[], hit: Set<string>): void {
  for (const c of cases) {
    const d = policyGate(policy, { recipientsOf: () => c.recipients, authorOf: (_t, item) => c.authors?.[item] })(
      c.call,
    );
    hit.add(d.rule);
    expect({ name: c.name, decision: d.decision, rule: d.rule }).toEqual({
      name: c.name,
      decision: c.decision,
      rule: c.rule,
    });
    if (c.risk) expect(d.decision === 'confirm' && d.risk).toBe(c.risk);
    for (const r of c.reasons ?? [])
      expect(
        d.reasons.some((x) => x.includes(r)),
        `${c.name}: ${r}\n${d.reasons.join('\n')}`,
      ).toBe(true);
    expect(d.reasons.length).toBeGreaterThan(0);
  }
}

describe.each(['default', 'strict'])('preset %s', (name) => {
  const policy = presetPolicy(name);
  const hit = new Set<string>();
  const cases = name === 'default' ? defaultCases() : strictCases();
  const enabled = withSettings(name, 'settings: { deleteEnabled: true }');

  it.each(cases.map((c) => [c.name, c] as const))('%s', (_n, c) => check(policy, [c], hit));
  it.each(deleteCases().map((c) => [c.name, c] as const))('with deleteEnabled: %s', (_n, c) =>
    check(enabled, [c], hit),
  );

  it('budgets deny once the cap is reached, naming budget/<tool>', () => {
    const gate = policyGate(policy);
    const cap = policy.budgets['sendEmail']!;
    const send = (n: number) => gate(call('sendEmail', email({ to: lit([CONTACT]) }), { counters: { sendEmail: n } }));
    expect(send(cap - 1).decision).toBe('allow');
    expect(send(cap)).toMatchObject({ decision: 'deny', rule: 'budget/sendEmail' });
    const star = policy.budgets['*']!;
    expect(gate(call('getEmail', { id: lit('e1') }, { counters: { getEmail: star } })).rule).toBe('budget/getEmail');
    expect(
      gate(call('getEmail', { id: lit('e1') }, { counters: { getEmail: star - 1, sendEmail: 10_000 } })).decision,
    ).toBe('allow');
  });

  it('reaches every rule of the preset', () => {
    const ids = policy.rules.map((r) => r.id);
    expect(ids.filter((id) => !hit.has(id))).toEqual([]);
  });
});

describe('strict is stricter than default', () => {
  it('gives allow only where default allows, over all the cases', () => {
    for (const c of [...defaultCases(), ...strictCases()]) {
      const o = { recipientsOf: () => c.recipients };
      if (policyGate(presetPolicy('strict'), o)(c.call).decision === 'allow')
        expect(policyGate(presetPolicy('default'), o)(c.call).decision, c.name).toBe('allow');
    }
  });
});
