/**
 * A plan run that also records what a profile keeps about it: the gate's whole input for each
 * decided call (so a later policy can be replayed against exactly that call) and the firewall's
 * findings counted by `cap/kind` (never the text). The same in the engine worker and in-process.
 */
import type { Json } from '../../engine/ifc/labeled-value';
import { simulate, type SimulateOptions, type SimulateResult } from '../../engine/run/simulate';

export interface RecordedRun extends SimulateResult {
  readonly gateInputs: { tool: string; input: Json }[];
  readonly findings: Record<string, number>;
}

export async function recordedRun(opts: Omit<SimulateOptions, 'onDecision' | 'onFindings'>): Promise<RecordedRun> {
  const gateInputs: { tool: string; input: Json }[] = [];
  const findings: Record<string, number> = {};
  const result = await simulate({
    ...opts,
    onFindings: (_tool, found) => {
      for (const f of found) {
        const key = `${f.finding.cap}/${f.finding.kind}`;
        findings[key] = (findings[key] ?? 0) + 1;
      }
    },
    // Labels are plain data already: the input goes to JSON as it is.
    onDecision: (call, decision, recipients, authors) =>
      gateInputs.push({
        tool: call.tool,
        input: JSON.parse(JSON.stringify({ call, decision, recipients: recipients ?? null, authors })) as Json,
      }),
  });
  // Not spread: that would read the whole world (SimulateResult.world) that no caller needs.
  return {
    report: result.report,
    effects: result.effects,
    get world() {
      return result.world;
    },
    gateInputs,
    findings,
  };
}
