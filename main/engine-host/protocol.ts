/**
 * Messages between the main process and the engine worker, parsed with zod on both ends: a
 * worker is a separate heap, and whatever crosses is data to check, not trusted objects.
 */
import * as z from 'zod';

const Json: z.ZodType<unknown> = z.unknown();

export const RunJob = z.strictObject({
  plan: z.string().max(200_000),
  mode: z.enum(['strict', 'normal']),
  world: z.strictObject({ text: z.string(), file: z.string() }),
  /**
   * Where the world's mail is, when the world holds none: the worker reads it from the profile's
   * database itself (main/runs/store-mail.ts) rather than receive the mailbox as text.
   */
  mail: z
    .strictObject({
      database: z.string().min(1),
      accountId: z.string().min(1),
      newest: z.number().int().positive().optional(),
    })
    .optional(),
  policy: z.strictObject({ text: z.string(), file: z.string() }).optional(),
  input: Json.optional(),
  limits: z.record(z.string(), z.number().positive()).optional(),
});
export type RunJob = z.infer<typeof RunJob>;

export const ToWorker = z.strictObject({ id: z.number().int(), job: RunJob });
export type ToWorker = z.infer<typeof ToWorker>;

export const FromWorker = z.union([
  z.strictObject({
    id: z.number().int(),
    ok: z.literal(true),
    report: z.unknown(),
    effects: z.unknown(),
    /** What the gate saw for each decided call, in order (recorded for policy previews). */
    decisions: z.array(z.strictObject({ tool: z.string(), input: Json })),
    /** Firewall findings counted by `cap/kind` (never the text). */
    findings: z.record(z.string(), z.number().int()),
  }),
  z.strictObject({
    id: z.number().int(),
    ok: z.literal(false),
    kind: z.enum(['InputError', 'InternalError']),
    message: z.string(),
  }),
]);
export type FromWorker = z.infer<typeof FromWorker>;
