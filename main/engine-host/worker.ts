/**
 * The engine worker: compiles and runs plans off the main thread, so a runaway plan never
 * freezes the UI or IPC. One job at a time; every message in and out is validated.
 */
import { parentPort } from 'node:worker_threads';
import { InputError, loadPolicyFile, loadWorld } from '../../engine';
import type { Json, Limits } from '../../engine';
import { presetPolicy } from '../../engine/policy';
import { recordedRun } from './recorded-run';
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
      const { report, effects, gateInputs, findings } = await recordedRun({
        plan: job.plan,
        world,
        policy,
        mode: job.mode,
        input: job.input as Json | undefined,
        limits: job.limits as Partial<Limits> | undefined,
      });
      send({ id, ok: true, report, effects, decisions: gateInputs, findings });
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
