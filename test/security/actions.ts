/**
 * The tools that act on the world on the user's behalf (send, book, answer, organize, delete),
 * from the contract's table of tool kinds: what an attack must never get allowed on its own.
 */
import { BUILTIN_TOOL_KINDS } from '../../engine/policy';

const toolsOfKind = (...kinds: string[]): ReadonlySet<string> =>
  new Set(
    Object.entries(BUILTIN_TOOL_KINDS)
      .filter(([, kind]) => kinds.includes(kind))
      .map(([name]) => name),
  );

export const ACTION_TOOLS = toolsOfKind('egress', 'organize', 'destructive');

/** The actions that reach other people or delete: what leaves the user's hands. */
export const OUTWARD_TOOLS = toolsOfKind('egress', 'destructive');
