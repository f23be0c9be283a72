/** The part of JSON Schema the OpenAPI document uses (what zod's converter writes). */
export interface JsonSchema {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  additionalProperties?: boolean | JsonSchema;
  items?: JsonSchema;
  enum?: unknown[];
  const?: unknown;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number | boolean;
  exclusiveMaximum?: number | boolean;
  minLength?: number;
  maxLength?: number;
  minItems?: number;
  maxItems?: number;
  pattern?: string;
  format?: string;
  nullable?: boolean;
}

const typeOf = (value: unknown): string =>
  value === null
    ? 'null'
    : Array.isArray(value)
      ? 'array'
      : typeof value === 'number' && Number.isInteger(value)
        ? 'integer'
        : typeof value;

/**
 * Where `value` breaks `schema`, as a list of `path: problem` lines (empty when it conforms). Small
 * on purpose: it checks the shape of answers in tests, no more.
 */
export function schemaProblems(schema: JsonSchema, value: unknown, at = '$'): string[] {
  if (schema.anyOf || schema.oneOf) {
    const options = schema.anyOf ?? schema.oneOf ?? [];
    return options.some((option) => schemaProblems(option, value, at).length === 0)
      ? []
      : [`${at}: matches no option`];
  }
  if (schema.allOf) return schema.allOf.flatMap((part) => schemaProblems(part, value, at));
  if (value === null && schema.nullable) return [];
  if (schema.const !== undefined && value !== schema.const)
    return [`${at}: not ${JSON.stringify(schema.const)}`];
  if (schema.enum && !schema.enum.includes(value))
    return [`${at}: not one of ${JSON.stringify(schema.enum)}`];
  if (schema.type) {
    const types = Array.isArray(schema.type) ? schema.type : [schema.type];
    const actual = typeOf(value);
    const fits = types.some((type) => type === actual || (type === 'number' && actual === 'integer'));
    if (!fits) return [`${at}: ${actual} where ${types.join('|')} is documented`];
  }
  const problems: string[] = [];
  if (typeof value === 'string') {
    if (schema.minLength !== undefined && value.length < schema.minLength) problems.push(`${at}: too short`);
    if (schema.maxLength !== undefined && value.length > schema.maxLength) problems.push(`${at}: too long`);
  }
  if (typeof value === 'number') {
    if (schema.minimum !== undefined && value < schema.minimum) problems.push(`${at}: below minimum`);
    if (schema.maximum !== undefined && value > schema.maximum) problems.push(`${at}: above maximum`);
  }
  if (Array.isArray(value) && schema.items) {
    value.forEach((item, index) => {
      problems.push(...schemaProblems(schema.items as JsonSchema, item, `${at}[${index}]`));
    });
  }
  if (typeOf(value) === 'object' && (schema.properties || schema.required)) {
    const record = value as Record<string, unknown>;
    for (const name of schema.required ?? []) {
      if (!(name in record)) problems.push(`${at}.${name}: missing`);
    }
    for (const [name, item] of Object.entries(record)) {
      const property = schema.properties?.[name];
      if (property) problems.push(...schemaProblems(property, item, `${at}.${name}`));
      else if (schema.additionalProperties === false) problems.push(`${at}.${name}: not documented`);
    }
  }
  return problems;
}
