/**
 * The profile's policy: read it, validate an edit (errors with line and column), preview which
 * recorded decisions an edit would change, and save it as a new version — audited.
 */
import type { Decision, GateCall } from '../../engine/gate/types';
import { policyGate, PRESETS, type PolicyError } from '../../engine/policy';
import { loadInstalledPolicy as load } from '../../engine/run/simulate';
import type { Profile } from '../profile/profile';
import { activePolicy } from '../runs/run-on-profile';

export interface PolicyPreviewRow {
  readonly runId: string;
  readonly seq: number;
  readonly tool: string;
  readonly before: { decision: string; rule: string };
  readonly after: { decision: string; rule: string };
}

export class PoliciesService {
  constructor(
    private readonly p: Profile,
    private readonly clock: () => Date = () => new Date(),
  ) {}

  /** The YAML in force (the default preset's text until a version is saved). */
  current(): { yaml: string; version: string } {
    const saved = this.p.repos.policies.active();
    if (saved) return { yaml: saved.yaml, version: `v${saved.version}` };
    return { yaml: PRESETS.default!, version: 'preset:default' };
  }

  validate(yaml: string): { ok: true; rules: number } | { ok: false; errors: readonly PolicyError[] } {
    const r = load(yaml);
    return r.ok ? { ok: true, rules: r.policy.rules.length } : { ok: false, errors: r.errors };
  }

  /** Replays recorded gate inputs against `yaml`; lists the decisions that would change. */
  preview(
    yaml: string,
    limit = 500,
  ): { ok: true; changed: PolicyPreviewRow[]; replayed: number } | { ok: false; errors: readonly PolicyError[] } {
    const r = load(yaml);
    if (!r.ok) return { ok: false, errors: r.errors };
    const calls = this.p.repos.runs.recentCalls(limit).filter((c) => c.gateInput !== null);
    const changed: PolicyPreviewRow[] = [];
    for (const c of calls) {
      const gi = c.gateInput as {
        call: GateCall;
        decision: Decision;
        recipients: string[] | null;
        authors?: Record<string, string>;
      };
      // What the host attested when the call was decided (older records have no `authors`).
      const gate = policyGate(r.policy, {
        recipientsOf: () => gi.recipients ?? undefined,
        authorOf: (tool, item) => gi.authors?.[`${tool}:${item}`],
      });
      const after = gate(gi.call);
      if (after.decision !== gi.decision.decision || after.rule !== gi.decision.rule)
        changed.push({
          runId: c.runId,
          seq: c.seq,
          tool: c.tool,
          before: { decision: gi.decision.decision, rule: gi.decision.rule },
          after: { decision: after.decision, rule: after.rule },
        });
    }
    return { ok: true, changed, replayed: calls.length };
  }

  /** Saves a valid policy as the next version, with who and why, and audits the change. */
  save(yaml: string, o: { by: string; note?: string }): { version: number } | { errors: readonly PolicyError[] } {
    const v = this.validate(yaml);
    if (!v.ok) return { errors: v.errors };
    const before = activePolicy(this.p).version;
    return this.p.db
      .transaction(() => {
        const version = this.p.repos.policies.save({
          yaml,
          changedBy: o.by,
          changedAt: this.clock().toISOString(),
          ...(o.note ? { note: o.note } : {}),
        });
        this.p.audit.append({
          kind: 'policy.changed',
          data: {
            from: before,
            to: `v${version}`,
            by: o.by,
            note: o.note ?? '',
            rules: v.rules,
            yaml: { length: yaml.length },
          },
        });
        return { version };
      })
      .immediate();
  }
}
