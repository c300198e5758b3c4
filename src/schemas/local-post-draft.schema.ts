import * as z from 'zod/mini';
import { accountRefSchema } from './social.schema';
import { matColourSchema } from './image-fit.schema';

/**
 * A post not saved yet, as the browser keeps it (IndexedDB) until it is saved or discarded: the form's fields, the
 * chosen accounts, and its files in order with their alt texts. A file not uploaded yet is kept whole (a Blob); an
 * uploaded one by its media id. Read back through this schema, so a copy from another version of the app that no
 * longer fits is ignored rather than restored wrong.
 */
export const LOCAL_POST_DRAFT_VERSION = 1;

const localFileSchema = z.object({
  kind: z.literal('local'),
  id: z.string(),
  name: z.string(),
  type: z.string(),
  lastModified: z.number(),
  blob: z.instanceof(Blob),
  altText: z.string(),
});
const uploadedFileSchema = z.object({ kind: z.literal('uploaded'), id: z.string(), altText: z.string() });

export const localPostDraftSchema = z.object({
  version: z.literal(LOCAL_POST_DRAFT_VERSION),
  /** Which editor it belongs to: 'new', 'new?artwork=<id>' (a shared artwork) or the post's id. */
  key: z.string(),
  /** When it was last written (epoch ms). */
  savedAt: z.number(),
  values: z.object({
    content: z.string(),
    hashtags: z.array(z.string()),
    mentions: z.array(z.string()),
    accounts: z.array(accountRefSchema),
    dateScheduled: z.nullable(z.number()),
    location: z.string(),
    labels: z.array(z.string()),
    langs: z.array(z.string()),
    threadBreaks: z.nullable(z.array(z.number())),
    /** Copies written before mats were kept have none: every image on white. */
    mats: z._default(z.record(z.string(), matColourSchema), {}),
  }),
  files: z.array(z.discriminatedUnion('kind', [localFileSchema, uploadedFileSchema])),
  /** The editor's file numbering, so files added after a restore get new ids. */
  seq: z.number(),
});
export type LocalPostDraft = z.infer<typeof localPostDraftSchema>;
export type LocalDraftFile = LocalPostDraft['files'][number];

/** What the artist is told when the browser cannot keep the copy. */
export const LOCAL_DRAFT_MESSAGES = {
  full: 'This browser has no room left to keep it.',
  unavailable: 'This browser does not let the studio keep it (private browsing, or storage turned off).',
  signedOut: 'You are not signed in.',
} as const;
