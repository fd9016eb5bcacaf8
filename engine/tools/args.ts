/** Reading plain call arguments (already checked by the tool's schema) inside an effect. */
import type { Json } from '../ifc/labeled-value';
import type { AttachmentRef } from './effect';

export type Args = Readonly<Record<string, Json>>;

/** A recipient argument: one address or a list of them. */
export const addressList = (v: Json | undefined): string[] =>
  Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : typeof v === 'string' ? [v] : [];

export const textArg = (v: Json | undefined): string => (typeof v === 'string' ? v : '');

export const optionalText = (v: Json | undefined): string | undefined => (typeof v === 'string' ? v : undefined);

/** Attachments a person added (`{filename, contentType, size, sha256}` each). */
export function attachmentList(v: Json | undefined): AttachmentRef[] {
  if (!Array.isArray(v)) return [];
  return v.flatMap((a) => {
    if (a === null || typeof a !== 'object' || Array.isArray(a)) return [];
    const { filename, contentType, size, sha256 } = a;
    return typeof filename === 'string' &&
      typeof contentType === 'string' &&
      typeof size === 'number' &&
      typeof sha256 === 'string'
      ? [{ filename, contentType, size, sha256 }]
      : [];
  });
}
