/**
 * The audit log's kinds (`call.decided`, `claim.approved`, …) in a person's words, grouped the
 * way the Audit filter offers them. The raw kind stays the filter's value (a kind, or a group's
 * prefix such as `claim.`), so filtering by prefix still works; people only ever read the words.
 */
export interface KindGroup {
  readonly label: string;
  /** The prefix every kind in the group starts with (choosing the group filters by it); '' for none. */
  readonly prefix: string;
  readonly all: string;
  readonly kinds: readonly (readonly [kind: string, words: string])[];
}

export const KIND_GROUPS: readonly KindGroup[] = [
  {
    label: 'The assistant’s work',
    prefix: 'run.',
    all: 'The assistant starting or finishing',
    kinds: [
      ['run.started', 'Assistant started'],
      ['run.finished', 'Assistant finished'],
    ],
  },
  {
    label: 'Calls',
    prefix: 'call.',
    all: 'Any decision on a call',
    kinds: [['call.decided', 'Decision on a call']],
  },
  {
    label: 'Questions to you',
    prefix: 'claim.',
    all: 'Any question and its answer',
    kinds: [
      ['claim.created', 'Question asked'],
      ['claim.edited', 'Edited before approving'],
      ['claim.approved', 'Approved'],
      ['claim.rejected', 'Rejected'],
      ['claim.undone', 'Approval undone'],
      ['claim.expired', 'Question expired'],
    ],
  },
  {
    label: 'Carrying out',
    prefix: 'commit.',
    all: 'Any attempt to carry out an action',
    kinds: [
      ['commit.attempted', 'Carrying out'],
      ['commit.succeeded', 'Carried out'],
      ['commit.failed', 'Could not carry out'],
    ],
  },
  {
    label: 'Mail',
    prefix: 'mail.',
    all: 'Any change to mail',
    kinds: [
      ['mail.sent', 'Email sent'],
      ['mail.changed', 'Email changed'],
    ],
  },
  {
    label: 'Security',
    prefix: 'security.',
    all: 'Any security event',
    kinds: [
      ['security.firewall', 'Sensitive details marked'],
      ['security.limit', 'Stopped at a limit'],
      ['security.refused-request', 'Request refused'],
    ],
  },
  {
    label: 'Other changes',
    prefix: '',
    all: '',
    kinds: [
      ['draft.edited', 'Draft edited'],
      ['policy.changed', 'Policy saved'],
      ['account.changed', 'Account changed'],
      ['settings.changed', 'Settings changed'],
      ['profile.created', 'Profile created'],
    ],
  },
];

const WORDS = new Map(KIND_GROUPS.flatMap((g) => g.kinds));

/** A kind in words; one this table does not know yet reads as its parts ("backup done"). */
export const kindWords = (kind: string): string => {
  const known = WORDS.get(kind);
  if (known) return known;
  const spaced = kind.replace(/[.-]/g, ' ');
  return spaced.charAt(0).toUpperCase() + spaced.slice(1);
};

/** A decision as the Audit table shows it. */
export const DECISION_WORDS: Readonly<Record<string, string>> = {
  allow: 'Allowed',
  deny: 'Refused',
  confirm: 'Asked you',
};
