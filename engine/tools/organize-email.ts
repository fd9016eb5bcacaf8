/**
 * The mailbox changes: `archiveEmail`, `markRead`, `labelEmail`, `moveEmail` and
 * `deleteEmail`. Each names one email and changes only where it is or how it is marked: the
 * fields it `writes`, never what the email says, who sent it or when.
 */
import { textArg, type Args } from './args';
import type { OrganizeEffect } from './effect';
import type { EffectTool } from './index';
import type { ToolKind } from './types';
import type { Email } from '../world/schema';

function organize(
  name: string,
  kind: ToolKind,
  writes: readonly (keyof Email)[],
  change: (args: Args) => Pick<OrganizeEffect, 'folder' | 'label'>,
): EffectTool<OrganizeEffect> {
  return {
    name,
    kind,
    effect: 'organize',
    writes,
    effectOf: (args) => ({ kind: 'organize', tool: name, emailId: textArg(args.id), ...change(args) }),
  };
}

export const archiveEmail = organize('archiveEmail', 'organize', ['folder'], () => ({ folder: 'Archive' }));
export const markRead = organize('markRead', 'organize', ['unread'], () => ({}));
export const labelEmail = organize('labelEmail', 'organize', ['labels'], (a) => ({ label: textArg(a.label) }));
export const moveEmail = organize('moveEmail', 'organize', ['folder'], (a) => ({ folder: textArg(a.folder) }));
export const deleteEmail = organize('deleteEmail', 'destructive', ['folder'], () => ({ folder: 'Trash' }));
