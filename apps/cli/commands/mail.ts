/**
 * `zamburak mail archive|read|unread|move|folders ID [FOLDER]`: a person's own changes to a
 * message, the same service the app's Inbox uses — on a real account the server does it first
 * and the store follows; a refusal changes nothing and exits 1 saying why.
 */
import { MailService, MailServiceError } from '../../../main/services/mail-service';
import { UsageError, type Parsed } from '../args';
import { PROFILE_FLAGS, withProfile } from '../profile-arg';
import type { Command } from './types';

async function mail(p: Parsed): Promise<number> {
  const [sub, id, folder, extra] = p.positional;
  const json = p.flags.has('--json');
  const out = (human: string, data: unknown) => process.stdout.write(json ? `${JSON.stringify(data)}\n` : `${human}\n`);
  if (!id || extra || (sub === 'move') !== (folder !== undefined))
    throw new UsageError('mail takes archive ID, read ID, unread ID, folders ID or move ID FOLDER');
  return withProfile(p, async (profile) => {
    const svc = new MailService(profile);
    try {
      switch (sub) {
        case 'archive':
          out(`Archived ${id}.`, { changed: id, undo: await svc.archive(id) });
          return 0;
        case 'read':
        case 'unread':
          out(`Marked ${id} ${sub}.`, { changed: id, undo: await svc.setRead(id, sub === 'read') });
          return 0;
        case 'move':
          out(`Moved ${id} to ${folder}.`, { changed: id, undo: await svc.move(id, folder!) });
          return 0;
        case 'folders': {
          const m = profile.repos.messages.get(id);
          if (!m) throw new MailServiceError('not-found', `no message ${id}`);
          const all = svc.folders(m.accountId);
          out(all.join('\n'), all);
          return 0;
        }
        default:
          throw new UsageError('mail takes archive, read, unread, move or folders');
      }
    } catch (e) {
      if (!(e instanceof MailServiceError)) throw e;
      process.stderr.write(`zamburak mail ${sub}: ${e.message}\n`);
      return e.kind === 'bad-request' ? 2 : 1;
    }
  });
}

export const mailCommand: Command = {
  name: 'mail',
  help: `  zamburak mail archive|read|unread|folders ID | move ID FOLDER [--profile DIR] [--json]
      Your own changes to a message (on a real account's server first; the store follows).`,
  valueFlags: [...PROFILE_FLAGS],
  boolFlags: ['--json'],
  run: mail,
};
