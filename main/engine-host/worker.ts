/**
 * The engine worker: compiles and runs plans off the main thread, so a runaway plan never
 * freezes the UI or IPC. One job at a time; every message in and out is validated. A run over a
 * profile reads its mail from the profile's database, read-only, as it goes (runs/store-mail.ts).
 */
import { parentPort } from 'node:worker_threads';
import { InputError, loadPolicyFile, loadWorld } from '../../engine';
import type { Json, Limits } from '../../engine';
import { presetPolicy } from '../../engine/policy';
import { formatWorldIssues, parseWorld, WorldState } from '../../engine/world';
import type { EmailSource } from '../../engine/world/email-source';
import { openStoreMail } from '../runs/store-mail';
import { recordedRun } from './recorded-run';
import { FromWorker, ToWorker } from './protocol';

const port = parentPort;
if (!port) throw new Error('engine worker started outside a worker thread');

const send = (m: FromWorker): void => port.postMessage(FromWorker.parse(m));

/** A world file without mail, over the mail the worker reads from the store. */
function worldOver(file: { text: string; file: string }, mail: EmailSource): WorldState {
  const r = parseWorld(file.text, file.file);
  if (!r.ok) throw new InputError(formatWorldIssues(file.file, r.errors));
  return new WorldState(r.world, mail);
}

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
      const policy = job.policy ? loadPolicyFile(job.policy.text, job.policy.file) : presetPolicy('default');
      const mail = job.mail && openStoreMail(job.mail);
      try {
        const world = mail ? worldOver(job.world, mail.source) : loadWorld(job.world.text, job.world.file);
        const { report, effects, gateInputs, findings } = await recordedRun({
          plan: job.plan,
          world,
          policy,
          mode: job.mode,
          input: job.input as Json | undefined,
          limits: job.limits as Partial<Limits> | undefined,
        });
        send({ id, ok: true, report, effects, decisions: gateInputs, findings });
      } finally {
        mail?.close();
      }
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
