import * as z from 'zod/mini';

/** Every error the API answers has this shape; fieldErrors name the offending inputs. */
export const apiErrorSchema = z.object({
  message: z.string(),
  code: z.optional(z.string()),
  fieldErrors: z.optional(z.record(z.string(), z.array(z.string()))),
});
export type ApiError = z.infer<typeof apiErrorSchema>;

export const messageSchema = z.object({ message: z.string() });

/** Field messages of a failed parse, keyed by the dotted path of the field ('_' for the whole input). */
export function fieldErrorsOf(error: z.core.$ZodError): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  for (const issue of error.issues) {
    const key = issue.path.length ? issue.path.map(String).join('.') : '_';
    (out[key] ??= []).push(issue.message);
  }
  return out;
}
