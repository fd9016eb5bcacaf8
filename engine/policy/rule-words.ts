/**
 * Each policy rule in words a person reads: what the rule is about ("mail to the person whose
 * message it answers"), so Review's "Policy rule:" line, Ask's calls and the audit's sentences
 * name a rule alike. The rule's id stays beside the words (a tooltip, a small line) for whoever
 * edits the policy. One table for the presets' rules (policies/*.yaml) and the decisions the
 * engine makes itself; a rule a person wrote keeps its own id, which they chose.
 */
import { toolWords } from '../tools/tool-words';

const RULE_WORDS: Readonly<Record<string, string>> = {
  // the presets (policies/default.yaml, policies/strict.yaml)
  'read/allow': 'reading, which changes nothing',
  'drafts/allow': 'drafts, which stay on this computer',
  'calendar/no-attendees': 'events only you attend',
  'calendar/update-no-attendees': 'changes to events only you attend',
  'calendar/respond': 'answers you chose to an invitation',
  'calendar/decline-invitation': 'declining an invitation you received',
  'calendar/untrusted-attendees': 'guests that an email chose',
  'calendar/trusted-invite': 'invitations you asked for, to people you trust',
  'calendar/invite-from-trusted-events': 'invitations copied from events you trust',
  'calendar/invite-its-author': 'an invitation to the person whose mail asked for it',
  'calendar/accept-from-organiser': 'accepting an invitation from someone you trust',
  'egress/secret': 'passwords, codes and keys sent to others',
  'egress/bulk': 'much gathered data sent at once',
  'egress/to-self': 'mail only to yourself',
  'egress/trusted': 'mail you wrote, to people you trust',
  'egress/decided-by-recipients': 'mail to people the message came from',
  'egress/to-its-author': 'mail to the person whose message it answers',
  'egress/untrusted-recipient': 'a recipient that an email chose',
  'egress/untrusted-context': 'sending that an email asked for',
  'egress/untrusted-data': 'mail that an email wrote or addressed',
  'egress/review': 'mail someone may not be meant to read',
  'forward/original-content': 'forwarding a whole email',
  'organize/self-scoped': 'sorting an email by what it says itself',
  'organize/trusted': 'sorting you asked for',
  'organize/untrusted-destination': 'a folder that an email chose',
  'organize/review': 'sorting that another email asked for',
  'delete/disabled': 'deleting, which is turned off',
  'delete/untrusted-context': 'deleting that an email asked for',
  'delete/confirm': 'deleting, which always asks you',
  // decisions the engine and the app make themselves
  'policy/no-match': 'anything no rule allows',
  'gate/error': 'a check that failed, so nothing ran',
  'gate/invalid-decision': 'a check that failed, so nothing ran',
  'tool/invalid-arguments': 'a call with details that were not valid',
  'minimal/not-egress': 'anything that sends nothing',
  'minimal/trusted': 'anything only you decided',
  'minimal/untrusted-egress': 'sending that an email had a part in',
  you: 'your own answer',
};

/**
 * `egress/to-its-author` → "mail to the person whose message it answers"; `budget/sendEmail` →
 * "the limit on sending an email each time the assistant works"; a rule of the person's own keeps its id.
 */
export function ruleWords(rule: string): string {
  const words = RULE_WORDS[rule];
  if (words) return words;
  if (rule.startsWith('budget/'))
    return `the limit on ${toolWords(rule.slice('budget/'.length))} each time the assistant works`;
  return `your rule “${rule}”`;
}
