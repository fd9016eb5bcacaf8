/**
 * `zamburak settings get [KEY] | set KEY VALUE`: every switch the app's Settings screen has (the
 * undo window, the global pause, the theme), scriptable; a change is audited like one in the app.
 */
import {
  parseSetting,
  readSettings,
  SettingsError,
  settingKey,
  writeSettings,
} from '../../../main/services/settings-service';
import { UsageError, type Parsed } from '../args';
import { withProfile } from '../profile-arg';
import type { Command } from './types';
import { settingsSpec } from './specs';

async function settings(p: Parsed): Promise<number> {
  const [sub, key, value, extra] = p.positional;
  const json = p.flags.has('--json');
  if (extra || !(sub === 'get' ? value === undefined : sub === 'set' && key !== undefined && value !== undefined))
    throw new UsageError('settings takes get [KEY] or set KEY VALUE');
  return withProfile(p, (profile) => {
    try {
      const all = sub === 'set' ? writeSettings(profile, parseSetting(key!, value!), 'cli') : readSettings(profile);
      const shown = key !== undefined ? { [key]: all[settingKey(key)] } : all;
      process.stdout.write(
        json
          ? `${JSON.stringify(shown)}\n`
          : `${Object.entries(shown)
              .map(([k, v]) => `${k} ${String(v)}`)
              .join('\n')}\n`,
      );
      return 0;
    } catch (e) {
      if (!(e instanceof SettingsError)) throw e;
      process.stderr.write(`zamburak settings: ${e.message}\n`);
      return 2;
    }
  });
}

export const settingsCommand: Command = {
  ...settingsSpec,
  run: settings,
};
