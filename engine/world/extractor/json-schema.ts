/**
 * The small JSON-Schema subset `extract` accepts (contracts.md): `type`, `properties`,
 * `required`, `items`, `enum`, `format` (`email`, `date-time`, `date`, `uri`) and `description`
 * (used as a hint). Other JSON-Schema keywords are ignored.
 */
import * as z from 'zod';
import type { Json } from '../../ifc/labeled-value';

export type JsonSchemaType = 'object' | 'string' | 'number' | 'integer' | 'boolean' | 'array';
export type JsonSchemaFormat = 'email' | 'date-time' | 'date' | 'uri' | 'url';

export interface JsonSchema {
  readonly type?: JsonSchemaType | undefined;
  readonly properties?: Readonly<Record<string, JsonSchema>> | undefined;
  /** Without `required`, every property of an object is required. */
  readonly required?: readonly string[] | undefined;
  readonly items?: JsonSchema | undefined;
  readonly enum?: readonly (string | number | boolean)[] | undefined;
  readonly format?: JsonSchemaFormat | undefined;
  readonly description?: string | undefined;
}

export const JsonSchemaSchema: z.ZodType<JsonSchema> = z.lazy(() =>
  z.object({
    type: z.enum(['object', 'string', 'number', 'integer', 'boolean', 'array']).optional(),
    properties: z.record(z.string(), JsonSchemaSchema).optional(),
    required: z.array(z.string()).optional(),
    items: JsonSchemaSchema.optional(),
    enum: z
      .array(z.union([z.string(), z.number(), z.boolean()]))
      .min(1)
      .optional(),
    format: z.enum(['email', 'date-time', 'date', 'uri', 'url']).optional(),
    description: z.string().optional(),
  }),
);

/** The effective type: explicit, or implied by `properties` / `items` / `enum`. */
export function typeOf(s: JsonSchema): JsonSchemaType {
  if (s.type) return s.type;
  if (s.properties) return 'object';
  if (s.items) return 'array';
  const first = s.enum?.[0];
  if (typeof first === 'number') return 'number';
  if (typeof first === 'boolean') return 'boolean';
  return 'string';
}

export const requiredOf = (s: JsonSchema): readonly string[] => s.required ?? Object.keys(s.properties ?? {});

const EMAIL = /^[^\s@<>]+@[^\s@<>]+\.[^\s@<>.]{2,}$/u;

/** Checks an extractor's answer against the schema; returns the first problem, or null. */
export function validateAgainst(schema: JsonSchema, value: Json, path = '$'): string | null {
  const t = typeOf(schema);
  if (schema.enum && !schema.enum.some((e) => e === value)) return `${path}: not one of the allowed values`;
  switch (t) {
    case 'object': {
      if (value === null || typeof value !== 'object' || Array.isArray(value)) return `${path}: expected an object`;
      for (const k of requiredOf(schema)) if (!(k in value)) return `${path}.${k}: missing`;
      for (const [k, sub] of Object.entries(schema.properties ?? {})) {
        const v = value[k];
        if (v === undefined || (v === null && !requiredOf(schema).includes(k))) continue;
        const e = validateAgainst(sub, v, `${path}.${k}`);
        if (e) return e;
      }
      return null;
    }
    case 'array': {
      if (!Array.isArray(value)) return `${path}: expected an array`;
      for (let i = 0; i < value.length; i++) {
        const e = schema.items ? validateAgainst(schema.items, value[i] ?? null, `${path}[${i}]`) : null;
        if (e) return e;
      }
      return null;
    }
    case 'string':
      if (typeof value !== 'string') return `${path}: expected a string`;
      if (schema.format === 'email' && !EMAIL.test(value)) return `${path}: expected an email address`;
      if (schema.format === 'date-time' && Number.isNaN(Date.parse(value))) return `${path}: expected a date-time`;
      if (schema.format === 'date' && !/^\d{4}-\d{2}-\d{2}$/.test(value)) return `${path}: expected a date`;
      if ((schema.format === 'uri' || schema.format === 'url') && !/^[a-z][a-z0-9+.-]*:\S+$/i.test(value)) {
        return `${path}: expected a URL`;
      }
      return null;
    case 'number':
      return typeof value === 'number' && Number.isFinite(value) ? null : `${path}: expected a number`;
    case 'integer':
      return typeof value === 'number' && Number.isInteger(value) ? null : `${path}: expected an integer`;
    case 'boolean':
      return typeof value === 'boolean' ? null : `${path}: expected a boolean`;
  }
}
