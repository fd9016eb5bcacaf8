/**
 * `ask` without a language model: a request is matched against the playbooks it can run, with
 * the parameters read from the person's own words (trusted). Anything else is answered with the
 * list of what can be done without a model — never a guess.
 */
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Json } from '../../engine/ifc/labeled-value';

const DIR = join(dirname(fileURLToPath(import.meta.url)), '..', '..', 'resources', 'playbooks');

export interface PlaybookMatch {
  readonly playbook: 'triage' | 'daily-brief' | 'draft-reply' | 'follow-up';
  readonly input: Json;
  readonly plan: string;
}

interface Intent {
  readonly playbook: PlaybookMatch['playbook'];
  readonly example: string;
  readonly pattern: RegExp;
  readonly input: (m: RegExpMatchArray, request: string) => Json;
}

const INTENTS: readonly Intent[] = [
  {
    playbook: 'triage',
    example: 'triage my inbox',
    pattern: /^\s*(please\s+)?(triage|sort|go through|sort out)\b.*\b(inbox|mail|emails?)\b/i,
    input: () => null,
  },
  {
    playbook: 'daily-brief',
    example: 'give me my daily brief',
    pattern:
      /\b(daily brief|brief me|briefing|summari[sz]e (my )?unread|what'?s (on )?(for )?today|today'?s agenda)\b/i,
    input: () => ({ limit: 20 }),
  },
  {
    playbook: 'draft-reply',
    example: 'draft a reply to e01 saying: Thanks, Thursday works.',
    pattern: /\b(draft|write)\s+(a\s+)?reply\s+to\s+(?:email\s+)?([A-Za-z0-9._:-]+)(?:\s*(?:saying|:)\s*:?\s*(.+))?$/is,
    input: (m) => ({
      id: m[3]!,
      body: (m[4] ?? 'Thanks for your message. I will get back to you shortly.').trim(),
    }),
  },
  {
    playbook: 'follow-up',
    example: 'follow up on unanswered threads older than 5 days',
    pattern: /\bfollow[- ]?up\b.*\b(unanswered|no (answer|reply|response)|threads?|e?mails?|messages?)\b/i,
    input: (_m, request) => ({ days: daysIn(request) }),
  },
];

/** Days of silence before a thread needs a nudge, unless the request names them. */
export const DEFAULT_FOLLOW_UP_DAYS = 3;

/** "after 5 days", "for a week", "2 weeks": the waiting time the person named, in days. */
function daysIn(request: string): number {
  const m = request.match(/\b(\d+|a|one)\s*(days?|weeks?)\b/i);
  if (!m) return DEFAULT_FOLLOW_UP_DAYS;
  const n = /^\d+$/.test(m[1]!) ? Number(m[1]) : 1;
  return m[2]!.toLowerCase().startsWith('week') ? n * 7 : n;
}

export const SUPPORTED = INTENTS.map((i) => i.example);

export function matchRequest(request: string): PlaybookMatch | null {
  for (const intent of INTENTS) {
    const m = request.match(intent.pattern);
    if (m)
      return {
        playbook: intent.playbook,
        input: intent.input(m, request),
        plan: intent.playbook === 'triage' ? '' : readFileSync(join(DIR, `${intent.playbook}.js`), 'utf8'),
      };
  }
  return null;
}
