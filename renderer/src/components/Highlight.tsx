/** Text with the words a search looked for marked (case-insensitive, whole text shown as it is). */
import { Fragment } from 'react';

const escape = (s: string): string => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

export function Highlight({ text, terms }: { text: string; terms: readonly string[] }) {
  const words = terms.filter((t) => t.trim()).map((t) => escape(t).replace(/\s+/g, '\\s+'));
  if (words.length === 0) return <>{text}</>;
  const parts = text.split(new RegExp(`(${words.join('|')})`, 'giu'));
  return <>{parts.map((p, i) => (i % 2 === 1 ? <mark key={i}>{p}</mark> : <Fragment key={i}>{p}</Fragment>))}</>;
}
