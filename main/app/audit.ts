/**
 * The Audit screen's calls: entries in one sentence each, filtered (a kind or a kind prefix)
 * and paged; the chain verified (green, or red naming the first entry that does not hold); a
 * sealed export for an auditor's public key, and a plain CSV or JSON one for reading.
 */
import type { AuditRow, ZamburakHandlers } from '../../preload/contract';
import type { AuditEntry, AuditFilter } from '../audit/audit-log';
import { exportAudit, ExportError } from '../audit/export';
import { auditSentence, claimWhatOf } from './audit-words';
import type { AppContext } from './inbox';
import { ServiceError } from './router';
import { sourceWords } from './source-words';
import { profileDirectory } from '../profile/directory';
import { auditFilterInWords } from './audit-filter';

const CSV_COLUMNS = ['seq', 'at', 'kind', 'tool', 'decision', 'rule', 'sentence'] as const;
const csvCell = (v: unknown): string => {
  const s = v === null || v === undefined ? '' : String(v);
  // Quoted always; a leading =, +, - or @ is defused so a spreadsheet never runs it as a formula.
  return `"${(/^[=+\-@]/.test(s) ? `'${s}` : s).replace(/"/g, '""')}"`;
};

export function auditHandlers(ctx: AppContext): ZamburakHandlers['audit'] {
  const p = ctx.profile;
  const view =
    (what: (id: string) => string | null) =>
    (e: AuditEntry): AuditRow => ({
      ...e,
      sources: [...e.sources],
      sentence: auditSentence(e, what),
    });
  const directory = () => profileDirectory(p, p.primaryAccount());
  // The tool, rule and source typed in words become the ids they name (audit-filter.ts).
  const inWords = (q: AuditFilter) => auditFilterInWords(q, () => p.audit.named(), directory);
  return {
    list: (q = {}) => p.audit.list(inWords(q)).map(view(claimWhatOf(p))),
    get(seq) {
      const e = p.audit.get(seq);
      if (!e) throw new ServiceError('not-found', `no audit entry ${seq}`);
      // One entry's sources in words (the drawer); the list leaves them out, 300 rows at a time.
      const dir = directory();
      return { ...view(claimWhatOf(p))(e), sourceWords: [...new Set(e.sources.map((s) => sourceWords(s, dir)))] };
    },
    verify() {
      const r = p.audit.verify();
      return { ok: r.ok, checked: r.checked, problem: r.problem ?? null };
    },
    async export(publicKey) {
      try {
        const r = await exportAudit(p, publicKey, { now: ctx.clock() });
        return { bundle: r.bundle, entries: r.entries };
      } catch (e) {
        if (e instanceof ExportError) throw new ServiceError('conflict', e.message);
        throw new ServiceError('bad-request', `the public key could not be used: ${(e as Error).message}`);
      }
    },
    exportTable(q, format) {
      const rows: AuditRow[] = [];
      const toRow = view(claimWhatOf(p));
      const filter = inWords(q as AuditFilter);
      // Every page, newest first, as the screen lists them.
      for (let before: number | undefined; ;) {
        const page = p.audit.list({ ...filter, ...(before ? { before } : {}), limit: 1000 });
        rows.push(...page.map(toRow));
        if (page.length < 1000) break;
        before = page[page.length - 1]!.seq;
      }
      const text =
        format === 'json'
          ? JSON.stringify(rows, null, 2)
          : [CSV_COLUMNS.join(','), ...rows.map((r) => CSV_COLUMNS.map((c) => csvCell(r[c])).join(','))].join('\r\n');
      return { text, entries: rows.length };
    },
  };
}
