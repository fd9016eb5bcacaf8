/**
 * `zamburak audit list|show N|verify|export|verify-bundle` and `zamburak keygen`. verify-bundle
 * needs no profile: an auditor checks a bundle with the bundle and their key alone.
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { BundleError, generateKeyPair, openBundle, verifyBundlePayload } from '../../../engine/audit/bundle';
import type { AuditEntry } from '../../../main/audit/audit-log';
import { exportAudit, ExportError } from '../../../main/audit/export';
import { writePrivateFile } from '../../../main/secrets';
import { InputError, intFlag, LIMIT_RANGE, readText, str, UsageError, type Parsed } from '../args';
import { profileFiles } from '../../../main/profile/paths';
import { profileDirArg, withProfile } from '../profile-arg';
import type { Command } from './types';
import { auditSpec, keygenSpec } from './specs';

const line = (e: AuditEntry): string =>
  [
    String(e.seq).padStart(6),
    e.at,
    e.kind.padEnd(18),
    e.tool ?? '',
    e.decision ? `→ ${e.decision}` : '',
    e.rule ? `[${e.rule}]` : '',
    e.runId ?? '',
  ]
    .filter(Boolean)
    .join('  ');

function parseRange(v: string | undefined): { from: number; to: number } | undefined {
  if (v === undefined) return undefined;
  const m = /^(\d+):(\d+)$/.exec(v);
  if (!m || Number(m[1]) < 1 || Number(m[2]) < Number(m[1])) throw new UsageError('--range takes N:M (1 ≤ N ≤ M)');
  return { from: Number(m[1]), to: Number(m[2]) };
}

async function audit(p: Parsed): Promise<number> {
  const [sub, arg, extra] = p.positional;
  const json = p.flags.has('--json');
  const out = (human: string, data: unknown) => process.stdout.write(json ? JSON.stringify(data) + '\n' : human + '\n');
  if (extra) throw new UsageError(`audit ${sub} takes at most one argument`);
  if (sub === 'verify-bundle') {
    if (!arg) throw new UsageError('audit verify-bundle needs the bundle FILE');
    const keyPath = str(p, '--key');
    if (!keyPath) throw new UsageError('audit verify-bundle needs --key KEYFILE');
    try {
      const payload = await openBundle(
        readText(arg, 'bundle', { lenient: true }),
        readText(keyPath, 'key', { lenient: true }),
      );
      const r = verifyBundlePayload(payload);
      out(
        r.ok
          ? `Bundle intact: ${r.checked} entries (${payload.anchor.seq + 1}–${r.lastSeq}), ${r.receiptsChecked} run receipts, exported ${payload.exportedAt}.`
          : `Bundle does NOT verify: entry ${r.problem!.seq} ${r.problem!.kind}: ${r.problem!.message}`,
        { ok: r.ok, entries: r.checked, lastSeq: r.lastSeq, receipts: r.receiptsChecked, problem: r.problem ?? null },
      );
      return r.ok ? 0 : 1;
    } catch (e) {
      if (e instanceof BundleError) {
        out(`Bundle refused: ${e.message}`, { ok: false, error: e.message });
        return 1;
      }
      throw e;
    }
  }
  if (sub === 'verify') {
    const removed = removedLog(profileDirArg(p));
    if (removed) {
      out(`Audit chain BROKEN at entry 1 (truncated): ${removed.message}`, {
        ok: false,
        entries: 0,
        lastSeq: 0,
        problem: removed,
      });
      return 1;
    }
  }
  // Reading the log never makes a profile: a folder without one (a typo) is an error, not an
  // empty log that verifies.
  return withProfile(
    p,
    async (profile) => {
      switch (sub) {
        case 'list': {
          const limit = intFlag(p, '--limit', 100, LIMIT_RANGE);
          const entries = profile.audit.list({
            ...(str(p, '--kind') ? { kind: str(p, '--kind')! } : {}),
            ...(str(p, '--tool') ? { tool: str(p, '--tool')! } : {}),
            ...(str(p, '--decision') ? { decision: str(p, '--decision')! } : {}),
            ...(str(p, '--rule') ? { rule: str(p, '--rule')! } : {}),
            ...(str(p, '--source') ? { source: str(p, '--source')! } : {}),
            ...(str(p, '--run') ? { runId: str(p, '--run')! } : {}),
            limit,
          });
          out(entries.length ? entries.map(line).join('\n') : 'No entries.', { entries });
          return 0;
        }
        case 'show': {
          const seq = Number(arg);
          if (!arg || !Number.isInteger(seq) || seq < 1) throw new UsageError('audit show needs an entry number');
          const e = profile.audit.get(seq);
          if (!e) throw new InputError(`zamburak audit: no entry ${seq}`);
          out(`${line(e)}\n${JSON.stringify(e.data, null, 2)}`, e);
          return 0;
        }
        case 'verify': {
          const r = profile.audit.verify();
          out(
            r.ok
              ? `Audit chain intact: ${r.checked} entries, sealed head ${r.lastSeq}.`
              : `Audit chain BROKEN at entry ${r.problem!.seq} (${r.problem!.kind}): ${r.problem!.message}`,
            { ok: r.ok, entries: r.checked, lastSeq: r.lastSeq, problem: r.problem ?? null },
          );
          return r.ok ? 0 : 1;
        }
        case 'export': {
          const recipient = str(p, '--recipient');
          const outFile = str(p, '--out');
          if (!recipient || !outFile) throw new UsageError('audit export needs --recipient PUBFILE and --out FILE');
          const { bundle, entries, range } = await exportAudit(profile, readText(recipient, 'recipient public key'), {
            ...(str(p, '--range') ? { range: parseRange(str(p, '--range'))! } : {}),
            withPolicies: p.flags.has('--with-policies'),
          }).catch((e: unknown) => {
            throw e instanceof ExportError ? new InputError(`zamburak audit: ${e.message}`) : e;
          });
          writeFileSync(outFile, bundle);
          out(`Sealed ${entries} entries (${range.from}–${range.to}) to ${outFile}.`, {
            out: outFile,
            entries,
            range,
          });
          return 0;
        }
        default:
          throw new UsageError('audit takes list, show N, verify, export or verify-bundle');
      }
    },
    { create: false },
  );
}

/**
 * A profile whose database is gone while its sealed head remains: the whole log was removed.
 * Said as a truncation from entry 1 (the head's MAC needs no check to say entries are missing),
 * and without opening the profile, which would make a new, empty log in its place.
 */
function removedLog(dir: string): { seq: number; kind: 'truncated'; message: string } | null {
  const files = profileFiles(dir);
  if (existsSync(files.database) || !existsSync(files.auditHead)) return null;
  let sealed = 'entries';
  try {
    const seq = (JSON.parse(readFileSync(files.auditHead, 'utf8')) as { seq?: unknown }).seq;
    if (typeof seq === 'number') sealed = `${seq} entries`;
  } catch {
    // An unreadable head still says a log was sealed here.
  }
  return { seq: 1, kind: 'truncated', message: `the database is missing, but ${sealed} were sealed` };
}

export const auditCommand: Command = {
  ...auditSpec,
  run: audit,
};

export const keygenCommand: Command = {
  ...keygenSpec,
  async run(p) {
    const dir = str(p, '--out');
    if (!dir || p.positional.length) throw new UsageError('keygen needs --out DIR and nothing else');
    const { publicKey, privateKey } = await generateKeyPair();
    mkdirSync(dir, { recursive: true });
    writeFileSync(join(dir, 'audit.pub'), publicKey);
    writePrivateFile(join(dir, 'audit.key'), privateKey);
    process.stdout.write(`Wrote ${join(dir, 'audit.pub')} and ${join(dir, 'audit.key')} (keep the .key private).\n`);
    return 0;
  },
};
