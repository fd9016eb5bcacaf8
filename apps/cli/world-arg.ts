/** `--world FILE` read for a command: its errors are a bad file (exit 2), its warnings on stderr. */
import { loadWorld } from '../../engine/run/simulate';
import type { WorldState } from '../../engine/world';
import { readText } from './args';

export function worldFile(path: string): WorldState {
  return loadWorld(readText(path, 'world'), path, (lines) => process.stderr.write(`${lines}\n`));
}
