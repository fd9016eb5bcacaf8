/**
 * A hostile renderer and the files of a send. The bridge's schema (preload/contract.ts
 * `SendInput`) held each attachment to 35,000,000 characters of base64 and a message to 20 of
 * them, so 20 files of 35 MB each — 700 MB — passed it: through the preload they crossed to the
 * main process, and the send service decoded each one before it weighed it. Now the schema holds
 * the files of a message to `MAX_ATTACHMENT_BYTES` (25 MB, what the composer tells the person)
 * all together, counted from the base64's length: the preload refuses such a send before anything
 * crosses, the router (which a renderer reaching the IPC channel directly meets) before anything
 * is decoded, with an error naming the limit. Under the limit, a send goes through.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { buildClient, MAX_ATTACHMENT_BYTES, SendInput } from '../../preload/contract';
import { budget } from '../setup/budget';
import { demoApp } from '../main/app/app-fixture';

const demo = demoApp({ engineWorker: false });

/** Base64 of zero bytes without padding, and with each padding: files are slices of their ends (no copies). */
const LONG = ['', 'AA==', 'AAA='].map((end) => 'A'.repeat(36_000_000 - end.length) + end);
/** Base64 of `bytes` zero bytes. */
const base64Of = (bytes: number): string => {
  const rest = bytes % 3;
  const long = LONG[rest]!;
  return long.slice(long.length - Math.ceil(bytes / 3) * 4);
};
const send = (sizes: readonly number[]) => ({
  to: ['bob@example.com'],
  subject: 'Files',
  body: 'Attached.',
  attachments: sizes.map((n, i) => ({ filename: `f${i}.bin`, dataBase64: base64Of(n) })),
});
/** What the hostile renderer sends: 20 files of 35 MB of base64 each. */
const HOSTILE = {
  ...send([]),
  attachments: Array.from({ length: 20 }, (_, i) => ({
    filename: `f${i}.bin`,
    dataBase64: LONG[0]!.slice(0, 35_000_000),
  })),
};
const LIMIT = /a message can carry 25\.0 MB of attachments at most/;

describe('the files of a send are bounded at the bridge', () => {
  it('the preload refuses 20 files of 35 MB before anything crosses to the main process', async () => {
    let crossed = 0;
    const api = buildClient(() => {
      crossed++;
      return Promise.resolve({});
    });
    await expect(api.mail.send(HOSTILE)).rejects.toThrow(LIMIT);
    expect(crossed).toBe(0);
  });

  it('the router (the IPC channel reached directly) refuses them before decoding, naming the limit', async () => {
    const sentBefore = demo.profile.repos.outgoing.sent().length;
    const r = await demo.app.router.dispatch('mail.send', [HOSTILE], 'ipc');
    expect(r).toMatchObject({ ok: false, error: { kind: 'bad-request' } });
    const message = (r as { error: { message: string } }).error.message;
    expect(message).toMatch(
      /^mail\.send: argument 0\.attachments\.0\.dataBase64: this file alone is too large: a message can carry 25\.0 MB of attachments at most;/,
    );
    expect(await demo.call('mail.queued')).toEqual([]);
    expect(demo.profile.repos.outgoing.sent()).toHaveLength(sentBefore);
  });

  it('files each under the limit that come to more together are refused, naming their total and the limit', async () => {
    const r = await demo.app.router.dispatch('mail.send', [send([20_000_000, 7_000_000])], 'ipc');
    expect(r).toMatchObject({
      ok: false,
      error: {
        kind: 'bad-request',
        message:
          'mail.send: argument 0.attachments: the files come to 25.7 MB; a message can carry 25.0 MB of attachments at most',
      },
    });
  });

  it('a send with files under the limit goes through, its files with it', async () => {
    demo.profile.setSetting('undoWindowSeconds', '30');
    const r = (await demo.call('mail.send', send([1_000_000, 2_000_001, 5]))) as { id: string; status: string };
    expect(r.status).toBe('queued');
    const files = demo.profile.claims.get(r.id)!.action.args.attachments as { filename: string; size: number }[];
    expect(files.map((f) => [f.filename, f.size])).toEqual([
      ['f0.bin', 1_000_000],
      ['f1.bin', 2_000_001],
      ['f2.bin', 5],
    ]);
  });

  it('files that come to the limit fit the message the send service accepts when the server names no limit', async () => {
    // The default message limit once refused more than ~18.7 MB of files: the composer promised 25.
    demo.profile.setSetting('undoWindowSeconds', '30');
    const r = (await demo.call('mail.send', send([MAX_ATTACHMENT_BYTES - 1_000_000, 1_000_000]))) as { status: string };
    expect(r.status).toBe('queued');
  });

  it('property: the schema takes a message whose files come to the limit or less, and no more', () => {
    const sizes = fc.array(fc.nat(MAX_ATTACHMENT_BYTES), { minLength: 1, maxLength: 20 });
    fc.assert(
      fc.property(sizes, (s) => {
        const total = s.reduce((a, b) => a + b, 0);
        const parsed = SendInput.safeParse(send(s));
        expect(parsed.success, `${total} bytes`).toBe(total <= MAX_ATTACHMENT_BYTES);
        if (!parsed.success) expect(parsed.error.issues.map((i) => i.message).join('; ')).toMatch(LIMIT);
      }),
      { numRuns: budget(200, 5000) },
    );
    // At the edge, each padding of the last file.
    for (const last of [0, 1, 2]) {
      const edge = [MAX_ATTACHMENT_BYTES - 2 - last, 2 + last];
      expect(SendInput.safeParse(send(edge)).success).toBe(true);
      expect(SendInput.safeParse(send([edge[0]!, edge[1]! + 1])).success).toBe(false);
    }
  });
});
