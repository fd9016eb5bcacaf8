/**
 * `zamburak mail …`: a person's own mail from the command line, the same services the app's
 * Inbox uses.
 * - `send|reply|forward` write a message: it is queued in the outbox (the same one approved
 *   claims go through: exactly once, a Sent copy, threading headers), `--json` prints
 *   `{"id","status","sendAt"}` at once, then the command waits out the undo window and sends it
 *   — unless `mail undo ID` cancelled it or a running app already sent it.
 * - `undo ID` cancels a send still inside its undo window.
 * - `archive|read|unread|move|folders ID` change a message: on a real account the server does it
 *   first and the store follows; a refusal changes nothing and exits 1 saying why (2 for an ID
 *   the profile does not have).
 */
import { ClaimError } from '../../../main/claims/claim-store';
import type { Profile } from '../../../main/profile/profile';
import { MailServiceError } from '../../../main/services/mail-service';
import type { SendInput } from '../../../main/services/send-service';
import { servicesOf, type Services } from '../../../main/services/services';
import { readText, refusalExit, str, strs, UsageError, type Parsed } from '../args';
import { withProfile } from '../profile-arg';
import type { Command } from './types';
import { mailSpec } from './specs';

type Out = (human: string, data: unknown) => void;

const addressList = (p: Parsed, flag: string): string[] =>
  strs(p, flag)
    .flatMap((v) => v.split(','))
    .map((a) => a.trim())
    .filter(Boolean);

function body(p: Parsed, required: boolean): string {
  const file = str(p, '--body-file');
  const text = str(p, '--body');
  if (file !== undefined && text !== undefined) throw new UsageError('give --body or --body-file, not both');
  if (file !== undefined) return readText(file, 'body');
  if (text === undefined && required) throw new UsageError('the message needs --body TEXT or --body-file FILE');
  return text ?? '';
}

/** What `send`, `reply` and `forward ID` ask for, as the service's input. */
function sendInput(sub: string, id: string | undefined, p: Parsed): SendInput {
  const attachments = strs(p, '--attach').map((path) => ({ path }));
  const account = str(p, '--account');
  const common = { ...(account ? { account } : {}), ...(attachments.length ? { attachments } : {}) };
  const cc = addressList(p, '--cc');
  if (sub === 'send') {
    if (id) throw new UsageError('mail send takes no ID (mail reply ID answers a message)');
    const subject = str(p, '--subject');
    if (subject === undefined) throw new UsageError('mail send needs --subject TEXT');
    const to = addressList(p, '--to');
    if (!to.length) throw new UsageError('mail send needs --to ADDR[,ADDR…]');
    return { ...common, to, ...(cc.length ? { cc } : {}), subject, body: body(p, true) };
  }
  if (!id) throw new UsageError(`mail ${sub} needs the ID of the message`);
  if (sub === 'reply')
    return {
      ...common,
      to: [],
      subject: '',
      body: body(p, true),
      replyTo: { id, ...(p.flags.has('--all') ? { all: true } : {}) },
    };
  const to = addressList(p, '--to');
  if (!to.length) throw new UsageError('mail forward needs --to ADDR[,ADDR…]');
  return { ...common, to, ...(cc.length ? { cc } : {}), subject: '', body: body(p, false), forwardOf: id };
}

async function send(s: Services, input: SendInput, p: Parsed, out: Out): Promise<number> {
  const limit = await s.send.sizeLimit(input.account);
  const r = s.send.send(input, { by: 'cli', ...(limit ? { maxMessageBytes: limit } : {}) });
  const json = p.flags.has('--json');
  if (json) process.stdout.write(`${JSON.stringify(r)}\n`);
  const wait = Math.max(0, Math.ceil((new Date(r.sendAt).getTime() - Date.now()) / 1000));
  if (!json) process.stderr.write(`Sending in ${wait} s — undo: zamburak mail undo ${r.id}\n`);
  if (p.flags.has('--no-wait')) return 0;
  const c = await s.claims.commitWhenDue(r.id);
  if (c.state === 'committed') {
    if (!json) out(`Sent ${r.id}.`, null);
    return 0;
  }
  process.stderr.write(
    c.state === 'rejected'
      ? `Undone: ${r.id} was not sent.\n`
      : `${r.id} was not sent${c.error ? `: ${c.error}` : ''}.\n`,
  );
  return 1;
}

async function change(profile: Profile, s: Services, sub: string, id: string, folder: string | undefined, out: Out) {
  switch (sub) {
    case 'archive':
      out(`Archived ${id}.`, { changed: id, undo: await s.mail.archive(id) });
      return 0;
    case 'read':
    case 'unread':
      out(`Marked ${id} ${sub}.`, { changed: id, undo: await s.mail.setRead(id, sub === 'read') });
      return 0;
    case 'move':
      if (folder === undefined) throw new UsageError('mail move takes ID FOLDER');
      out(`Moved ${id} to ${folder}.`, { changed: id, undo: await s.mail.move(id, folder) });
      return 0;
    case 'folders': {
      const m = profile.repos.messages.get(id);
      if (!m) throw new MailServiceError('not-found', `no message ${id}`);
      const all = s.mail.folders(m.accountId);
      out(all.join('\n'), all);
      return 0;
    }
    case 'undo':
      s.send.undo(id, 'cli');
      out(`Undone: ${id} will not be sent.`, { id, status: 'cancelled' });
      return 0;
    default:
      throw new UsageError('mail takes send, reply, forward, undo, archive, read, unread, move or folders');
  }
}

async function mail(p: Parsed): Promise<number> {
  const [sub, id, folder, extra] = p.positional;
  const json = p.flags.has('--json');
  const out: Out = (human, data) => process.stdout.write(json ? `${JSON.stringify(data)}\n` : `${human}\n`);
  const writes = sub === 'send' || sub === 'reply' || sub === 'forward';
  if (extra || (folder !== undefined && sub !== 'move') || (!writes && !id))
    throw new UsageError(
      'mail takes send, reply ID, forward ID, undo ID, archive|read|unread|folders ID or move ID FOLDER',
    );
  // A mistake in what to send is said before the profile is opened (or made).
  const input = writes ? sendInput(sub, id, p) : undefined;
  return withProfile(p, async (profile) => {
    const s = servicesOf(profile);
    try {
      return input ? await send(s, input, p, out) : await change(profile, s, sub!, id!, folder, out);
    } catch (e) {
      if (!(e instanceof ClaimError || e instanceof MailServiceError)) throw e;
      process.stderr.write(`zamburak mail ${sub}: ${e.message}\n`);
      return refusalExit(e instanceof ClaimError ? e.code : e.kind);
    }
  });
}

export const mailCommand: Command = {
  ...mailSpec,
  run: mail,
};
