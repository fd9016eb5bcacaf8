import { UsageError } from '../args';
import { openProfileArg } from '../profile-arg';
import type { Command } from './types';

export const initCommand: Command = {
  name: 'init',
  help: `  zamburak init [--profile DIR]
      Create a profile (database, keys, the demo account). DIR defaults to ZAMBURAK_PROFILE or
      the OS app-data folder.`,
  valueFlags: ['--profile'],
  run(p) {
    if (p.positional.length) throw new UsageError('init takes no arguments');
    const profile = openProfileArg(p);
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
