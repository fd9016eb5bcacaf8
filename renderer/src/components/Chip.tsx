/** Small labelled chips: categories, decisions, provenance (untrusted ones are loud). */
export function Chip({ tone, children, title }: { tone: string; children: React.ReactNode; title?: string }) {
  return (
    <span className={`chip chip-${tone}`} title={title}>
      {children}
    </span>
  );
}

export const decisionTone = (d: string): string => (d === 'allow' ? 'ok' : d === 'deny' ? 'bad' : 'warn');
