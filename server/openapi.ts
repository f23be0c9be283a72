import type { SwaggerTransformObject } from '@fastify/swagger';

type Operation = { parameters?: Array<{ in?: string; name?: string }> } & Record<string, unknown>;

const parameterNames = (path: string) => [...path.matchAll(/\{([^}]+)\}/g)].map((match) => match[1] ?? '');

/**
 * OpenAPI counts `/api/topic/{topicId}` and `/api/topic/{id}` as one path and calls a document
 * holding both invalid, while Fastify lets each method name its parameter. This merges such paths
 * under the name seen first, renaming the path parameters of the operations it moves.
 */
export const mergeEquivalentPaths: SwaggerTransformObject = (documentObject) => {
  if (!('openapiObject' in documentObject)) return documentObject.swaggerObject;
  const document = documentObject.openapiObject;
  const merged: Record<string, Record<string, unknown>> = {};
  const byShape = new Map<string, string>();
  for (const [path, item] of Object.entries(document.paths ?? {})) {
    if (!item) continue;
    const shape = path.replace(/\{[^}]+\}/g, '{}');
    const first = byShape.get(shape);
    if (first === undefined) {
      byShape.set(shape, path);
      merged[path] = { ...item };
      continue;
    }
    const target = parameterNames(first);
    const rename = new Map(parameterNames(path).map((name, index) => [name, target[index] ?? name]));
    const destination = merged[first] ?? {};
    for (const [method, value] of Object.entries(item)) {
      const operation = value as Operation;
      destination[method] = Array.isArray(operation.parameters)
        ? {
            ...operation,
            parameters: operation.parameters.map((parameter) =>
              parameter.in === 'path' && parameter.name
                ? { ...parameter, name: rename.get(parameter.name) ?? parameter.name }
                : parameter,
            ),
          }
        : operation;
    }
    merged[first] = destination;
  }
  return { ...document, paths: merged } as typeof document;
};

/**
 * Every operation answers its errors as `{error, message}` with a status of docs/product.md §8 (DESIGN.md,
 * "Wire format"). Operations list their successes and some errors; this documents the rest once,
 * as each operation's `default` response, so a client (or the fuzz test) knows the shape of any
 * answer. A 429 also carries `Retry-After`.
 */
export function withDefaultErrorResponse<T extends { paths?: Record<string, unknown> }>(document: T): T {
  const errorResponse = {
    description:
      'any other status: a 4xx of docs/product.md §8 with a Hebrew message (429 with Retry-After, seconds)',
    headers: {
      'Retry-After': { description: 'on 429: seconds until the limit resets', schema: { type: 'integer' } },
    },
    content: {
      'application/json': {
        schema: {
          type: 'object',
          properties: { error: { type: 'string' }, message: { type: 'string' } },
          required: ['error', 'message'],
        },
      },
    },
  };
  for (const item of Object.values(document.paths ?? {})) {
    for (const operation of Object.values(item as Record<string, { responses?: Record<string, unknown> }>)) {
      if (operation && typeof operation === 'object' && operation.responses) {
        operation.responses.default ??= errorResponse;
      }
    }
  }
  return document;
}
