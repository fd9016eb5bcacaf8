/**
 * "Approve and always allow": the narrowest policy change that stops a claim about its
 * recipients coming back — its exact addresses join `allowlists.recipients`, and nothing else in
 * the file moves. The YAML is edited as text (comments, order and formatting stay), and the
 * result is parsed back to prove it says exactly the old list plus the new addresses; when the
 * text cannot be edited in place (a flow list, say) the document is rewritten instead.
 */
import { isSeq, parseDocument, type Node } from 'yaml';

const listOf = (yaml: string): string[] => {
  const v = (parseDocument(yaml).getIn(['allowlists', 'recipients']) as { toJSON(): unknown } | undefined)?.toJSON();
  return Array.isArray(v) ? v.map(String) : [];
};

function inPlace(yaml: string, added: readonly string[]): string | null {
  const doc = parseDocument(yaml);
  const seq = doc.getIn(['allowlists', 'recipients'], true);
  if (isSeq(seq) && !seq.flow && seq.items.length) {
    const first = seq.items[0] as Node;
    const last = seq.items[seq.items.length - 1] as Node;
    if (!first.range || !last.range) return null;
    const lineStart = yaml.lastIndexOf('\n', first.range[0] - 1) + 1;
    const prefix = yaml.slice(lineStart, first.range[0]);
    if (!/^\s*-\s+$/.test(prefix)) return null;
    const eol = yaml.indexOf('\n', last.range[1]);
    const at = eol === -1 ? yaml.length : eol;
    return `${yaml.slice(0, at)}${added.map((a) => `\n${prefix}${a}`).join('')}${yaml.slice(at)}`;
  }
  if (doc.has('allowlists')) return null;
  const block = `allowlists:\n  recipients:\n${added.map((a) => `    - ${a}\n`).join('')}\n`;
  // Before the settings when the file has them (where the presets keep it), else at the end.
  const settings = /^settings:/m.exec(yaml);
  if (settings) return `${yaml.slice(0, settings.index)}${block}${yaml.slice(settings.index)}`;
  return `${yaml.replace(/\n*$/, '\n\n')}${block}`;
}

/**
 * Why writing these addresses into the allowlist would trust more than them, or null. An allowlist
 * reads `*` as a wildcard (engine/policy/match.ts), so an address holding one (valid in
 * RFC 5322: `a*b@own.test`) would trust every address of its shape.
 */
export function wideningWords(addresses: readonly string[]): string | null {
  const patterns = addresses.filter((a) => a.includes('*'));
  return patterns.length
    ? `always allowing ${patterns.join(', ')} would trust every address of that shape (an allowlist reads * as a wildcard): approve this claim alone`
    : null;
}

/** The policy text with `addresses` allowlisted as recipients; `added` is what was not there yet. */
export function allowRecipients(yaml: string, addresses: readonly string[]): { after: string; added: string[] } {
  const widening = wideningWords(addresses);
  if (widening) throw new Error(widening);
  const existing = listOf(yaml);
  const added = [...new Set(addresses)].filter((a) => !existing.includes(a));
  if (!added.length) return { after: yaml, added };
  const want = [...existing, ...added];
  const edited = inPlace(yaml, added);
  if (edited !== null && JSON.stringify(listOf(edited)) === JSON.stringify(want)) return { after: edited, added };
  const doc = parseDocument(yaml);
  doc.setIn(['allowlists', 'recipients'], want);
  return { after: doc.toString(), added };
}
