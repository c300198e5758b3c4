import * as z from 'zod/mini';
import { text } from './text.schema';

/** A custom domain for the public portfolio (schema only, no screen yet). */
export const domainSchema = text(
  'Domain',
  [
    z.trim(),
    z.toLowerCase(),
    z.minLength(1, { error: 'Domain is required' }),
    z.maxLength(253, { error: 'Domain must be at most 253 characters' }),
    z.regex(/^(?=.{1,253}$)([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z0-9-]+$/i, { error: 'Invalid domain format' }),
    z.regex(/\.[a-z]{2,}$/i, { error: 'Invalid TLD format' }),
  ],
  { error: 'Domain is required' },
);
