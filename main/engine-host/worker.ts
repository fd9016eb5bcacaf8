/**
 * The engine worker: compiles and runs plans off the main thread, so a runaway plan never
 * freezes the UI or IPC. One job at a time; every message in and out is validated.
 */
import { parentPort } from 'node:worker_threads';
import { InputError, loadPolicyFile, loadWorld, simulate } from '../../engine';
import type { Json, Limits } from '../../engine';
import { presetPolicy } from '../../engine/policy';
import { gateInputOf } from './gate-input';
import { FromWorker, ToWorker } from './protocol';

const port = parentPort;
if (!port) throw new Error('engine worker started outside a worker thread');

const send = (m: FromWorker): void => port.postMessage(FromWorker.parse(m));

port.on('message', (raw: unknown) => {
  const parsed = ToWorker.safeParse(raw);
  if (!parsed.success) {
    const id = typeof raw === 'object' && raw && 'id' in raw && typeof raw.id === 'number' ? raw.id : -1;
    send({
      id,
      ok: false,
      kind: 'InputError',
      message: `invalid job: ${parsed.error.issues[0]?.message ?? 'malformed'}`,
    });
    return;
  }
  const { id, job } = parsed.data;
  void (async () => {
    try {
      const world = loadWorld(job.world.text, job.world.file);
      const policy = job.policy ? loadPolicyFile(job.policy.text, job.policy.file) : presetPolicy('default');
      const decisions: { tool: string; input: unknown }[] = [];
      const findings: Record<string, number> = {};
      const { report, effects } = await simulate({
        plan: job.plan,
        world,
        policy,
        mode: job.mode,
        input: job.input as Json | undefined,
        limits: job.limits as Partial<Limits> | undefined,
        onFindings: (_tool, found) => {
          for (const f of found)
            findings[`${f.finding.cap}/${f.finding.kind}`] = (findings[`${f.finding.cap}/${f.finding.kind}`] ?? 0) + 1;
        },
        onDecision: (call, decision, recipients) =>
          decisions.push({ tool: call.tool, input: gateInputOf(call, decision, recipients) }),
      });
      send({ id, ok: true, report, effects, decisions, findings });
    } catch (e) {
      send({
        id,
        ok: false,
        kind: e instanceof InputError ? 'InputError' : 'InternalError',
        message: (e as Error).message,
      });
    }
  })();
});
