import fastJson from 'fast-json-stringify';
import type { FastifySerializerCompiler } from 'fastify/types/schema';
import { z } from 'zod';
import { $ZodType } from 'zod/v4/core';

type JsonSchema = Record<string, unknown>;
type Serialize = (data: unknown) => string;

/**
 * Response serialisers compiled once per zod schema by Fastify's own fast-json-stringify, from the
 * JSON Schema the shared zod schema produces (the one the OpenAPI document shows). Running zod on
 * every answer cost about a tenth of a list request. Only what the schema declares is written:
 * fast-json-stringify skips every property an object schema does not name (unless it says
 * `additionalProperties`, which a zod object never does except for a record), so a column added to
 * a row but not to the schema (a password hash, an email) never reaches the wire. Requests are
 * still validated by zod.
 */
const compiled = new WeakMap<object, Serialize>();

export function responseSerializer(schema: z.ZodType): Serialize {
  let serialize = compiled.get(schema);
  if (!serialize) {
    serialize = fastJson(responseJsonSchema(schema) as unknown as Parameters<typeof fastJson>[0]);
    compiled.set(schema, serialize);
  }
  return serialize;
}

/** The JSON Schema of a response as it goes out (zod's output side), simplified for serialising. */
export function responseJsonSchema(schema: z.ZodType): JsonSchema {
  const json = z.toJSONSchema(schema, { io: 'output', target: 'draft-7', reused: 'inline' }) as JsonSchema;
  return simplify(json);
}

/**
 * fast-json-stringify checks each `anyOf` branch against the value at run time to choose one. So
 * a union of plain types (what `.nullable()` gives a scalar) becomes a type list, an object or array
 * or null becomes that schema `nullable`, and `additionalProperties: false` goes (undeclared keys are
 * skipped anyway; kept, it would make a branch refuse a row with one more column).
 */
function simplify(node: unknown): JsonSchema {
  if (Array.isArray(node)) return node.map(simplify) as unknown as JsonSchema;
  if (typeof node !== 'object' || node === null) return node as JsonSchema;
  const out: JsonSchema = {};
  for (const [key, value] of Object.entries(node)) {
    if (key === 'additionalProperties' && value === false) continue;
    out[key] = key === 'const' || key === 'enum' ? value : simplify(value);
  }
  const branches = out.anyOf;
  if (!Array.isArray(branches)) return out;
  if (branches.every(isBareType)) {
    delete out.anyOf;
    out.type = [...new Set(branches.flatMap((branch) => [branch.type].flat()))];
    return out;
  }
  const others = branches.filter((branch) => !isNullType(branch));
  if (others.length === 1 && branches.length === 2) {
    delete out.anyOf;
    return { ...out, ...(others[0] as JsonSchema), nullable: true };
  }
  return out;
}

function isNullType(branch: unknown): boolean {
  return typeof branch === 'object' && branch !== null && (branch as { type?: unknown }).type === 'null';
}

/** A schema that says only its type (or a type list), with nothing that constrains the value. */
function isBareType(branch: unknown): branch is { type: string | string[] } {
  if (typeof branch !== 'object' || branch === null) return false;
  const keys = Object.keys(branch);
  const type = (branch as { type?: unknown }).type;
  return (
    keys.every((key) => key === 'type' || key === 'format') &&
    (typeof type === 'string' || Array.isArray(type)) &&
    [type].flat().every((name) => name !== 'object' && name !== 'array')
  );
}

/**
 * Fastify's serializer compiler for the app: zod schemas compile lazily on a route's first answer
 * (so start-up stays short), a plain JSON Schema goes to fast-json-stringify as Fastify would.
 */
export const serializerCompiler: FastifySerializerCompiler<unknown> = ({ schema }) => {
  const zod = zodSchemaOf(schema);
  if (!zod) return fastJson(schema as Parameters<typeof fastJson>[0]);
  let serialize: Serialize | undefined;
  return (data) => {
    serialize ??= responseSerializer(zod);
    return serialize(data);
  };
};

function zodSchemaOf(schema: unknown): z.ZodType | null {
  if (schema instanceof $ZodType) return schema as unknown as z.ZodType;
  if (typeof schema === 'object' && schema !== null && 'properties' in schema) {
    const properties = (schema as { properties: unknown }).properties;
    if (properties instanceof $ZodType) return properties as unknown as z.ZodType;
  }
  return null;
}
