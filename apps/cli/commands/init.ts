import { UsageError } from '../args';
import { openProfileArg } from '../profile-arg';
import type { Command } from './types';
import { initSpec } from './specs';

export const initCommand: Command = {
  ...initSpec,
  run(p) {
    if (p.positional.length) throw new UsageError('init takes no arguments');
    const profile = openProfileArg(p, { announce: false });
    try {
      const accounts = profile.repos.accounts.list();
      process.stdout.write(
        `${profile.created ? 'Created' : 'Already a profile:'} ${profile.dir}\n` +
          accounts
            .map(
              (a) =>
                `  account ${a.name} <${a.email}> (${a.transport === 'local' ? 'demo, nothing leaves this computer' : a.transport})\n`,
            )
            .join(''),
      );
      return 0;
    } finally {
      profile.close();
    }
  },
};
