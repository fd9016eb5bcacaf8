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

/**
 * `JSON.parse(JSON.stringify(x))` without writing the text out: what JSON keeps, its strings and
 * lists of strings shared with `x`, each object the run's calls share copied once (`seen`). A
 * label is one object for the whole run and can name every email of the mailbox: copied through
 * text, each call's input held its own copy of every name, and a plan paging through 100,000
 * messages ran the engine worker out of heap after a few calls.
 */
/** (A hole reads as undefined: a sparse list is copied, its holes null as JSON writes them.) */
function isStringList(x: object): x is string[] {
  if (!Array.isArray(x)) return false;
  for (let i = 0; i < x.length; i++) if (typeof x[i] !== 'string') return false;
  return true;
}

export function jsonCopier(): (x: unknown) => Json {
  const seen = new WeakMap<object, Json>();
  const copy = (x: unknown, inArray: boolean): Json | undefined => {
    if (x === null || typeof x === 'string' || typeof x === 'boolean') return x;
    if (typeof x === 'number') return Number.isFinite(x) ? x + 0 : null;
    if (typeof x !== 'object') return inArray ? null : undefined;
    const done = seen.get(x);
    if (done !== undefined) return done;
    // A list of strings is JSON as it is (a label's names): shared, not copied.
    if (isStringList(x)) return x;
    const withJson = x as { toJSON?: () => unknown };
    if (typeof withJson.toJSON === 'function') return copy(withJson.toJSON(), inArray);
    let out: Json;
    if (Array.isArray(x)) out = Array.from(x, (e) => copy(e, true) ?? null);
    else {
      // (fromEntries defines own keys, as JSON.parse does: a key `__proto__` stays a key.)
      const entries: [string, Json][] = [];
      for (const [k, v] of Object.entries(x)) {
        const c = copy(v, false);
        if (c !== undefined) entries.push([k, c]);
      }
      out = Object.fromEntries(entries) as Json;
    }
    seen.set(x, out);
    return out;
  };
  return (x) => copy(x, false) ?? null;
}

export async function recordedRun(opts: Omit<SimulateOptions, 'onDecision' | 'onFindings'>): Promise<RecordedRun> {
  const gateInputs: { tool: string; input: Json }[] = [];
  const findings: Record<string, number> = {};
  const copy = jsonCopier();
  const result = await simulate({
    ...opts,
    onFindings: (_tool, found) => {
      for (const f of found) {
        const key = `${f.finding.cap}/${f.finding.kind}`;
        findings[key] = (findings[key] ?? 0) + 1;
      }
    },
    // Labels are plain data already: the input is kept as JSON would write it.
    onDecision: (call, decision, recipients, authors) =>
      gateInputs.push({
        tool: call.tool,
        input: copy({ call, decision, recipients: recipients ?? null, authors }),
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
