/** The Audit screen's calls: filter and open entries, verify the chain, export a sealed bundle. */
import type { ZamburakHandlers } from '../../preload/contract';
import type { AuditEntry } from '../audit/audit-log';
import { exportAudit, ExportError } from '../audit/export';
import type { AppContext } from './inbox';
import { ServiceError } from './router';

const view = (e: AuditEntry) => ({ ...e, sources: [...e.sources] });

export function auditHandlers(ctx: AppContext): ZamburakHandlers['audit'] {
  const p = ctx.profile;
  return {
    list: (q = {}) => p.audit.list(q).map(view),
    get(seq) {
      const e = p.audit.get(seq);
      if (!e) throw new ServiceError('not-found', `no audit entry ${seq}`);
      return view(e);
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
  };
}
