import type { z } from 'zod';

/**
 * The Hebrew message of the first rule a value breaks, or null when the shared schema accepts it.
 * Forms check their fields with the same zod fields the server validates with (shared/schemas), so
 * a rule and its wording live once.
 */
export function fieldError(schema: z.ZodType, value: unknown): string | null {
  const result = schema.safeParse(value);
  return result.success ? null : (result.error.issues[0]?.message ?? null);
}
