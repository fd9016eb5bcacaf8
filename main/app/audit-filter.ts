/**
 * The Audit's "Tool", "Policy rule" and "Came from" filters take the words the screen shows ("a
 * search of your mail", "mail to the person whose message it answers", "Invoice", "billing@…") as
 * well as ids (`searchEmails`, `egress/trusted`, `tool:getEmail:e1`) for whoever knows them: each becomes the ids the log names whose words or
 * id contain the text, case aside. Text that matches nothing matches no entry.
 */
import type { AuditFilter } from '../audit/audit-log';
import { ruleWords } from '../../engine/policy/rule-words';
import { toolWords } from '../../engine/tools/tool-words';
import type { Directory } from '../../engine/claims/explain';
import { emailIdOf } from '../../engine/claims/sources';
import { sourceWords } from './source-words';

export interface Named {
  readonly tools: readonly string[];
  readonly rules: readonly string[];
  readonly sources: readonly string[];
}

const matching = (ids: readonly string[], typed: string, words: (id: string) => string): string[] => {
  const needle = typed.trim().toLowerCase();
  return ids.filter((id) => id.toLowerCase().includes(needle) || words(id).toLowerCase().includes(needle));
};

/** A source's words, with the sender's own name beside the address the words give. */
const sourceText = (s: string, dir: Directory): string => {
  const id = emailIdOf(s);
  return `${sourceWords(s, dir)} ${(id && dir.email(id)?.from) ?? ''}`;
};

/** The filter with `tool`, `rule` and `source` read as words or ids; the rest passes as it came. */
export function auditFilterInWords(q: AuditFilter, named: () => Named, dir: () => Directory): AuditFilter {
  const { tool, rule, source, ...rest } = q;
  if (!tool?.trim() && !rule?.trim() && !source?.trim()) return rest;
  const n = named();
  // One directory for every source the log names (thousands on a long log), not one each.
  const d = source?.trim() ? dir() : null;
  return {
    ...rest,
    ...(tool?.trim() ? { tools: matching(n.tools, tool, toolWords) } : {}),
    ...(rule?.trim() ? { rules: matching(n.rules, rule, ruleWords) } : {}),
    ...(source?.trim() && d ? { anySource: matching(n.sources, source, (s) => sourceText(s, d)) } : {}),
  };
}
