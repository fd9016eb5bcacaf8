/**
 * Audit entries in one sentence each, for people ("You rejected: send an email to
 * ap-desk@cloudnest-billing.test (outside your company)."). A claim's entries name what the
 * claim does, explained from the stored action; the entry's raw data stays beside it.
 */
import type { Json } from '../../engine/ifc/labeled-value';
import { ruleWords } from '../../engine/policy/rule-words';
import { toolWords } from '../../engine/tools/tool-words';
import type { AuditEntry } from '../audit/audit-log';
import type { Profile } from '../profile/profile';
import { explainStored } from '../claims/explain-stored';

type Data = Readonly<Record<string, Json>>;
const str = (d: Data, k: string): string => (typeof d[k] === 'string' ? (d[k] as string) : '');
const num = (d: Data, k: string): number => (typeof d[k] === 'number' ? (d[k] as number) : 0);
const plural = (n: number, one: string, many = `${one}s`): string => `${n} ${n === 1 ? one : many}`;
const lower = (s: string): string => s.charAt(0).toLowerCase() + s.slice(1);
const who = (by: string): string =>
  by === 'user' ? 'You' : by === 'cli' ? 'You (command line)' : by ? `${by}` : 'Zamburak';

/** What the firewall's caps (the part of a finding's key before the slash) hold, in words. */
const FIREWALL_WORDS: Readonly<Record<string, string>> = {
  SECRET: 'passwords, keys or codes',
  PII_CARD: 'card numbers',
  PII_IBAN: 'bank account numbers',
  FINANCIAL: 'payment details',
  PII_SSN: 'identity numbers',
  PII_PHONE: 'phone numbers',
  PII_EMAIL: 'email addresses',
  PROMPT_INJECTION: 'instructions aimed at the assistant',
  UNSCANNED: 'text too long to scan',
};
const firewallWords = (keys: readonly string[]): string =>
  [...new Set(keys.map((k) => k.split('/')[0]!))].map((cap) => FIREWALL_WORDS[cap] ?? cap.toLowerCase()).join(', ');

const RUN_ENDS: Readonly<Record<string, string>> = {
  completed: 'The assistant finished',
  failed: 'The assistant could not finish',
  limit: 'The assistant was stopped at a limit',
};
/** What a run without a typed request was for (its `kind`), after "The assistant started". */
const RUN_STARTS: Readonly<Record<string, string>> = {
  triage: 'sorting new mail',
  playbook: 'a routine task',
  plan: 'a task',
  ask: 'a request',
};
const onAccount = (id: string): string =>
  id === 'demo' ? 'the demo account' : id ? `the account ${id}` : 'your account';
const callWords = (tool: string | null): string => (tool ? toolWords(tool) : 'a call');
/**
 * Which rule of the person's policy asked or refused, in words (the id is the entry's `rule`,
 * kept in its data and the filter); a plain allowed call needs no rule named.
 */
const byRule = (rule: string | null): string => ` (policy rule: ${rule ? ruleWords(rule) : 'none recorded'})`;

/** One sentence per entry; `claimWhat` gives a claim's "what", cached by the caller. */
export function auditSentence(e: AuditEntry, claimWhat: (id: string) => string | null): string {
  const d = (e.data && typeof e.data === 'object' && !Array.isArray(e.data) ? e.data : {}) as Data;
  const claim = str(d, 'claimId');
  const what = (claim && claimWhat(claim)) || callWords(e.tool);
  const action = lower(what.replace(/\.$/, ''));
  switch (e.kind) {
    case 'claim.created':
      return `The assistant asked you: ${action}${byRule(e.rule)}.`;
    case 'claim.approved':
      return `${who(str(d, 'by'))} approved: ${action}.`;
    case 'claim.rejected':
      return `${who(str(d, 'by'))} rejected: ${action}${str(d, 'reason') ? ` (“${str(d, 'reason')}”)` : ''}.`;
    case 'claim.undone':
      return `${who(str(d, 'by'))} undid the approval: ${action}.`;
    case 'claim.edited':
      return `${who(str(d, 'by'))} edited the text before approving: ${action}.`;
    case 'claim.expired':
      return `No one decided in time, so nothing was done: ${action}.`;
    case 'commit.attempted':
      return `Sending (attempt ${num(d, 'attempt') || 1}): ${action}.`;
    case 'commit.succeeded':
      return `Done: ${action}.`;
    case 'commit.failed':
      return `Failed${d.permanent === true ? ' for good' : ', to be retried'}: ${action} (${str(d, 'error') || 'no reason given'}).`;
    case 'call.decided': {
      const verb = e.decision === 'allow' ? 'Allowed' : e.decision === 'deny' ? 'Refused' : 'Asked you about';
      return `${verb} ${callWords(e.tool)}${e.decision === 'allow' ? '' : byRule(e.rule)}.`;
    }
    case 'run.started':
      return str(d, 'request')
        ? `The assistant started on your request “${str(d, 'request')}”.`
        : `The assistant started ${RUN_STARTS[str(d, 'kind')] ?? 'a task'} on ${onAccount(str(d, 'account'))}.`;
    case 'run.finished':
      return `${RUN_ENDS[str(d, 'status')] ?? 'The run ended'} and ${num(d, 'claims') ? `asked you ${plural(num(d, 'claims'), 'question')}` : 'asked you nothing'}.`;
    case 'security.firewall': {
      const f = (d.findings && typeof d.findings === 'object' ? d.findings : {}) as Data;
      const n = Object.values(f).reduce<number>((a, v) => a + (typeof v === 'number' ? v : 0), 0);
      return `The firewall marked ${plural(n, 'sensitive detail')} in what the tools answered (${firewallWords(Object.keys(f)) || 'none named'}).`;
    }
    case 'security.limit':
      return `The assistant was stopped at a limit: ${str(d, 'message') || str(d, 'limit') || 'no details'}.`;
    case 'security.refused-request':
      return `A request to ${str(d, 'call') || 'the app'} was refused: ${str(d, 'message')}.`;
    case 'policy.changed':
      return `${who(str(d, 'by'))} saved the policy as ${str(d, 'to')}${str(d, 'note') ? ` (${str(d, 'note')})` : ''}.`;
    case 'account.changed':
      return `The account ${str(d, 'account')} was ${str(d, 'action') || 'changed'}.`;
    case 'settings.changed':
      return `${who(str(d, 'by'))} changed the settings (${Object.keys(d)
        .filter((k) => k !== 'by')
        .join(', ')}).`;
    case 'mail.changed':
      return `${who(str(d, 'by'))} changed an email: ${str(d, 'change') || 'changed'}.`;
    case 'draft.edited':
      return `${who(str(d, 'by'))} edited a draft the assistant wrote.`;
    default:
      return `${e.kind.replace(/[.-]/g, ' ')}${e.tool ? `: ${toolWords(e.tool)}` : ''}.`;
  }
}

/** `claimWhat` over a profile, each claim explained once. */
export function claimWhatOf(p: Profile): (id: string) => string | null {
  const cache = new Map<string, string | null>();
  return (id) => {
    if (!cache.has(id)) {
      let what: string | null = null;
      try {
        what = explainStored(p, p.claims.get(id)).x.what;
      } catch {
        // A claim gone from the store (an old profile): the entry still has its tool.
      }
      cache.set(id, what);
    }
    return cache.get(id)!;
  };
}
