/**
 * A plan's source with its parts coloured: keywords, strings, numbers, comments, and the tool
 * calls (what the plan will ask the gate for) in bold. Tokens become text nodes in spans, never
 * markup, so a plan cannot inject anything into the page. Colours come from the theme's tokens
 * and keep their contrast in light and dark.
 */
import type { ReactElement } from 'react';

const TOKEN =
  /(\/\/[^\n]*|\/\*[\s\S]*?\*\/)|('(?:[^'\\\n]|\\.)*'|"(?:[^"\\\n]|\\.)*"|`(?:[^`\\]|\\.)*`)|(\b\d+(?:\.\d+)?\b)|\b(const|let|var|if|else|for|of|in|while|do|break|continue|return|await|async|function|try|catch|finally|throw|new|typeof|true|false|null|undefined|switch|case|default)\b|\b([A-Za-z_$][\w$]*)(?=\s*\()/g;
const KIND = ['comment', 'string', 'number', 'keyword', 'call'] as const;

export function PlanCode({ source, tools }: { source: string; tools: ReadonlySet<string> }) {
  const parts: ReactElement[] = [];
  let last = 0;
  for (const m of source.matchAll(TOKEN)) {
    if (m.index > last) parts.push(<span key={`t${last}`}>{source.slice(last, m.index)}</span>);
    const group = m.slice(1).findIndex((g) => g !== undefined);
    const kind = KIND[group]!;
    // Only calls of a registered tool stand out; other calls (methods, helpers) stay plain.
    const cls = kind === 'call' ? (tools.has(m[0]) ? 'tok-tool' : undefined) : `tok-${kind}`;
    parts.push(
      <span key={`m${m.index}`} className={cls}>
        {m[0]}
      </span>,
    );
    last = m.index + m[0].length;
  }
  if (last < source.length) parts.push(<span key={`t${last}`}>{source.slice(last)}</span>);
  return (
    <pre className="code plan-code" aria-label="The plan">
      {parts}
    </pre>
  );
}
