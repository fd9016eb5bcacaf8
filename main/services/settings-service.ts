/**
 * The person's switches, for the app and the CLI alike: the global pause, the undo window and
 * the theme. Read with their defaults; written with a check against the contract's schema and
 * one audit entry per change.
 */
import { Settings } from '../../preload/contract';
import type { Profile } from '../profile/profile';

/** Default undo window (seconds): approved sends and your own messages wait this long before they go out. */
export const DEFAULT_UNDO_SECONDS = 10;

export const SETTING_KEYS = Object.keys(Settings.shape) as (keyof Settings)[];

export class SettingsError extends Error {}

export function readSettings(p: Profile): Settings {
  const undo = Number(p.setting('undoWindowSeconds') ?? DEFAULT_UNDO_SECONDS);
  const theme = p.setting('theme');
  return {
    paused: p.setting('paused') === 'true',
    undoWindowSeconds: Number.isInteger(undo) && undo >= 0 && undo <= 600 ? undo : DEFAULT_UNDO_SECONDS,
    theme: Settings.shape.theme.safeParse(theme).success ? (theme as Settings['theme']) : 'system',
  };
}

/** Applies a checked change (all of it or none), audited with who made it. */
export function writeSettings(p: Profile, patch: Partial<Settings>, by: string): Settings {
  p.db.transaction(() => {
    for (const [key, value] of Object.entries(patch)) p.setSetting(key, String(value));
    p.audit.append({ kind: 'settings.changed', data: { ...patch, by } });
  })();
  return readSettings(p);
}

/** The setting a name names, or an error listing the ones there are. */
export function settingKey(key: string): keyof Settings {
  if (!(SETTING_KEYS as string[]).includes(key))
    throw new SettingsError(`no setting ${JSON.stringify(key)}; the settings are ${SETTING_KEYS.join(', ')}`);
  return key as keyof Settings;
}

/** A setting's value as typed on a command line (`true`, `30`, `dark`), checked against its schema. */
export function parseSetting(key: string, text: string): Partial<Settings> {
  const k = settingKey(key);
  const value: unknown =
    k === 'paused'
      ? ({ true: true, false: false } as Record<string, boolean>)[text]
      : k === 'undoWindowSeconds'
        ? Number(text)
        : text;
  const r = Settings.shape[k].safeParse(value);
  if (!r.success) {
    const expected =
      k === 'paused'
        ? 'true or false'
        : k === 'undoWindowSeconds'
          ? 'a whole number of seconds from 0 to 600'
          : 'system, light or dark';
    throw new SettingsError(`${key} takes ${expected}, not ${JSON.stringify(text)}`);
  }
  return { [k]: r.data } as Partial<Settings>;
}
