/**
 * The built-in presets as text. The canonical files are `presets/*.embed.yaml` (embedded by
 * `npm run gen`, since engine/ reads no files); `policies/default.yaml` and
 * `policies/strict.yaml` are identical copies for users (a test keeps them in sync).
 */
import defaultText from './presets/default.embed.generated';
import strictText from './presets/strict.embed.generated';

export const PRESETS: Readonly<Record<string, string>> = Object.freeze({
  default: defaultText,
  strict: strictText,
});

export const PRESET_NAMES: readonly string[] = Object.freeze(Object.keys(PRESETS));
