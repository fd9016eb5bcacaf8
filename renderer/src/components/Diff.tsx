/** A line diff (LCS) of two texts, for showing a policy change before it is saved. */
export type DiffLine = { readonly kind: ' ' | '+' | '-'; readonly text: string };

export function diffLines(a: string, b: string): DiffLine[] {
  const x = a.split('\n');
  const y = b.split('\n');
  const n = x.length;
  const m = y.length;
  const lcs = Array.from({ length: n + 1 }, () => new Array<number>(m + 1).fill(0));
  for (let i = n - 1; i >= 0; i--)
    for (let j = m - 1; j >= 0; j--)
      lcs[i]![j] = x[i] === y[j] ? lcs[i + 1]![j + 1]! + 1 : Math.max(lcs[i + 1]![j]!, lcs[i]![j + 1]!);
  const out: DiffLine[] = [];
  let i = 0;
  let j = 0;
  while (i < n || j < m) {
    if (i < n && j < m && x[i] === y[j]) {
      out.push({ kind: ' ', text: x[i++]! });
      j++;
    } else if (j < m && (i === n || lcs[i]![j + 1]! >= lcs[i + 1]![j]!)) out.push({ kind: '+', text: y[j++]! });
    else out.push({ kind: '-', text: x[i++]! });
  }
  return out;
}

/** Only the changed lines with `context` lines around them. */
export function Diff({ before, after, context = 2 }: { before: string; after: string; context?: number }) {
  const lines = diffLines(before, after);
  const keep = lines.map((_, i) => lines.slice(Math.max(0, i - context), i + context + 1).some((l) => l.kind !== ' '));
  return (
    <pre className="diff" aria-label="Policy change">
      {lines.map((l, i) =>
        keep[i] ? (
          <div key={i} className={`diff-${l.kind === '+' ? 'add' : l.kind === '-' ? 'del' : 'same'}`}>
            {l.kind} {l.text}
          </div>
        ) : null,
      )}
    </pre>
  );
}
