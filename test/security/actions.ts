/**
 * The tools that act on the world on the user's behalf (send, book, answer, organize, delete),
 * from the contract's table of tool kinds: what an attack must never get allowed on its own.
 */
import { BUILTIN_TOOL_KINDS } from '../../engine/policy';

export const ACTION_TOOLS: ReadonlySet<string> = new Set(
  Object.entries(BUILTIN_TOOL_KINDS)
    .filter(([, kind]) => kind === 'egress' || kind === 'organize' || kind === 'destructive')
    .map(([name]) => name),
);
