/**
 * The mailbox changes: `archiveEmail`, `markRead`, `labelEmail`, `moveEmail` and
 * `deleteEmail`. Each names one email and changes only where it is or how it is marked.
 */
import { textArg, type Args } from './args';
import type { OrganizeEffect } from './effect';
import type { EffectTool } from './index';
import type { ToolKind } from './types';

function organize(
  name: string,
  kind: ToolKind,
  change: (args: Args) => Pick<OrganizeEffect, 'folder' | 'label'>,
): EffectTool<OrganizeEffect> {
  return {
    name,
    kind,
    effect: 'organize',
    effectOf: (args) => ({ kind: 'organize', tool: name, emailId: textArg(args.id), ...change(args) }),
  };
}

export const archiveEmail = organize('archiveEmail', 'organize', () => ({ folder: 'Archive' }));
export const markRead = organize('markRead', 'organize', () => ({}));
export const labelEmail = organize('labelEmail', 'organize', (a) => ({ label: textArg(a.label) }));
export const moveEmail = organize('moveEmail', 'organize', (a) => ({ folder: textArg(a.folder) }));
export const deleteEmail = organize('deleteEmail', 'destructive', () => ({ folder: 'Trash' }));
