import * as z from 'zod/mini';
import { composePostText, extraTags } from '../../schemas/post-text';
import { autoBreaks, moveBreak, shiftBreaks, THREAD_PART_MAX_LENGTH, threadProblem, threadTexts } from '../../schemas/post-thread';
import {
  accountsRule,
  LOCATION_TOO_LONG,
  POST_LOCATION_MAX_LENGTH,
  POST_MAX_LENGTH,
  postOverLimit,
  savePostSchema,
  type AccountRef,
  type SavePost,
  type SocialAccount,
  type SocialPost,
} from '../../schemas/social.schema';
import { visibleError, type FormContext } from '../shared/form';
import { DEFAULT_POST_LANGUAGE, labelsRule, langsRule } from '../../schemas/post-labels.schema';
import { textProblems } from './post-editor.networks';
import { DEFAULT_MAT, matsSchema, type Mats } from '../../schemas/image-fit.schema';

/** The post's fields as the editor holds them; the schedule is epoch milliseconds (UTC) or none. */
export interface PostFormValues {
  content: string;
  hashtags: string[];
  mentions: string[];
  accounts: AccountRef[];
  dateScheduled: number | null;
  /** Where the post was made ('Studio 4, Lisbon'), or ''; kept with the post, not sent to Bluesky. */
  location: string;
  /** Bluesky self-labels for the post's images or video (sent only with images). */
  labels: string[];
  /** The post's languages (BCP-47), one to three: the artist's default to start with. */
  langs: string[];
  /** A thread: where each part after the first starts in the content (UTF-16 offsets); null: a single post. */
  threadBreaks: number[] | null;
  /** The mat of each image a network fits (Instagram), by media id; an image not named here: white. */
  mats: Mats;
  /** Derived: length of the text the post goes out with (content plus the hashtags and mentions it lacks): the counter's n. */
  textLength: number;
  /** Derived: a thread's parts as they go out (the last with the hashtags and mentions); empty for a single post. */
  threadParts: string[];
}
export type PostField = Exclude<keyof PostFormValues, 'textLength' | 'threadParts'>;

export type PostFieldChange =
  | { field: 'content'; value: string }
  | { field: 'hashtags' | 'mentions'; value: string[] }
  | { field: 'accounts'; value: AccountRef[] }
  | { field: 'dateScheduled'; value: number | null }
  | { field: 'location'; value: string }
  | { field: 'labels' | 'langs'; value: string[] }
  | { field: 'threadBreaks'; value: number[] | null }
  | { field: 'mats'; value: Mats };

export type PostFormState = FormContext<PostFormValues>;

const contentRule = savePostSchema.shape.content;

/**
 * The save schema's rules for these fields, plus its 280-character rule applied to the text as it will be posted:
 * hashtags and mentions appended to the content count too (a message of the content's own comes first). A thread
 * holds each of its parts to that rule instead. With only Instagram or Facebook chosen, their own limits apply.
 */
const schema = z
  .object({
    content: contentRule,
    hashtags: savePostSchema.shape.hashtags,
    mentions: savePostSchema.shape.mentions,
    accounts: accountsRule,
    location: z.string().check(z.maxLength(POST_LOCATION_MAX_LENGTH, { error: LOCATION_TOO_LONG })),
    labels: labelsRule,
    langs: langsRule,
    threadBreaks: z.nullable(z.array(z.number())),
    mats: matsSchema,
  })
  .check(
    z.superRefine(
      (values: Omit<PostFormValues, 'textLength' | 'threadParts' | 'dateScheduled'>, ctx) => {
        const { threadBreaks } = values;
        const over = composePostText(values).length - POST_MAX_LENGTH;
        // Bluesky's 280 (or its thread's parts) with Bluesky chosen, or none yet; each other network's own rules too.
        const bluesky = values.accounts.length === 0 || values.accounts.some((a) => a.platform === 'bluesky');
        const problem = !bluesky
          ? null
          : threadBreaks?.length
            ? threadProblem({ ...values, threadBreaks })
            : over > 0
              ? postOverLimit(over)
              : null;
        for (const message of [...(problem ? [problem] : []), ...textProblems(values)])
          ctx.issues.push({ code: 'custom', path: ['content'], input: values.content, message });
      },
      // Like the rules across fields: it runs even when another field is invalid.
      { when: (payload) => typeof payload.value === 'object' && payload.value !== null },
    ),
  );

const withTextLength = (values: PostFormValues): PostFormValues => ({
  ...values,
  textLength: composePostText(values).length,
  threadParts: values.threadBreaks ? threadTexts({ ...values, threadBreaks: values.threadBreaks }) : [],
});

/** The room the last part of a thread keeps for the hashtags and mentions it gets. */
const reserveOf = (values: PostFormValues) => {
  const extra = extraTags(values).join(' ');
  return extra ? extra.length + 2 : 0;
};

/** Write as a thread: the text split at word starts into parts of at most 280 characters. */
export const startThread = (values: PostFormValues) => autoBreaks(values.content, THREAD_PART_MAX_LENGTH, reserveOf(values));

/** The thread's splits after the content changed from `before`: those the artist chose stay with their words. */
export const breaksAfterEdit = (before: string, values: PostFormValues) =>
  values.threadBreaks ? shiftBreaks(before, values.content, values.threadBreaks, reserveOf(values)) : null;

/** Split `index` moved a word earlier or later (unchanged when a part would be left empty). */
export const breaksMoved = (values: PostFormValues, index: number, direction: 'earlier' | 'later') =>
  moveBreak(values.content, values.threadBreaks ?? [], index, direction);

/** The post form's rules for the shared form engine (src/machines/shared/form.ts). */
export const postFormRules = { schema, derive: withTextLength };

/** A new post: with a single connected account that account is already ticked; in the artist's default language. */
export const emptyPostValues = (accounts: SocialAccount[], langs: string[] = [DEFAULT_POST_LANGUAGE]): PostFormValues =>
  withTextLength({
    content: '',
    hashtags: [],
    mentions: [],
    accounts: accounts.length === 1 ? [{ platform: accounts[0].platform, handle: accounts[0].handle }] : [],
    dateScheduled: null,
    location: '',
    labels: [],
    langs,
    threadBreaks: null,
    mats: {},
    textLength: 0,
    threadParts: [],
  });

export const postValuesOf = (post: SocialPost): PostFormValues =>
  withTextLength({
    content: post.content,
    hashtags: post.hashtags ?? [],
    mentions: post.mentions ?? [],
    accounts: post.accounts,
    dateScheduled: post.dateScheduled ?? null,
    location: post.location ?? '',
    labels: post.labels ?? [],
    // Posts saved before languages were kept have none: they went out without.
    langs: post.langs?.length ? post.langs : [DEFAULT_POST_LANGUAGE],
    threadBreaks: post.threadBreaks?.length ? post.threadBreaks : null,
    mats: post.mats ?? {},
    textLength: 0,
    threadParts: [],
  });

/** The message under a field now; hashtags and mentions go out with the content, so its length message may be theirs. */
export const visiblePostError = (form: PostFormState, field: PostField | 'mediaIds' | 'altTexts') =>
  visibleError(form, field, field === 'content' ? ['content', 'hashtags', 'mentions'] : undefined);

export const sameAccount = (a: AccountRef, b: AccountRef) => a.platform === b.platform && a.handle.toLowerCase() === b.handle.toLowerCase();

/** The mats that are not the default, in a fixed order: a white mat named or not is the same post. */
const matsKey = (mats: Mats) =>
  JSON.stringify(
    Object.entries(mats)
      .filter(([, mat]) => mat !== DEFAULT_MAT)
      .sort(([a], [b]) => a.localeCompare(b)),
  );
const tagsKey = (tags: string[]) => JSON.stringify(tags.map((t) => t.trim()));
const accountsKey = (accounts: AccountRef[]) => JSON.stringify(accounts.map((a) => `${a.platform}:${a.handle.toLowerCase()}`).sort());

/**
 * The same post as the server keeps it: text, tags and location (trimmed), accounts and labels (in any order), schedule,
 * languages, mats.
 */
export const samePostValues = (a: PostFormValues, b: PostFormValues) =>
  a.content === b.content &&
  tagsKey(a.hashtags) === tagsKey(b.hashtags) &&
  tagsKey(a.mentions) === tagsKey(b.mentions) &&
  accountsKey(a.accounts) === accountsKey(b.accounts) &&
  a.dateScheduled === b.dateScheduled &&
  a.location.trim() === b.location.trim() &&
  JSON.stringify([...a.labels].sort()) === JSON.stringify([...b.labels].sort()) &&
  JSON.stringify(a.langs) === JSON.stringify(b.langs) &&
  // A thread of one part goes out as a single post, as the server keeps it.
  JSON.stringify(a.threadBreaks ?? []) === JSON.stringify(b.threadBreaks ?? []) &&
  matsKey(a.mats) === matsKey(b.mats);

/**
 * The body of POST /social-media/post: a draft, its files in order with their alt texts; a blank location is none.
 * `artworkId` names the artwork a new post is shared from; an update leaves it out and the post keeps its own.
 */
export function toSavePost(
  values: PostFormValues,
  postId: string | null,
  files: { mediaIds: string[]; altTexts: Record<string, string> },
  artworkId: string | null = null,
): SavePost {
  return {
    ...(postId ? { postId } : {}),
    ...(artworkId ? { artworkId } : {}),
    content: values.content,
    accounts: values.accounts,
    isDraft: true,
    dateScheduled: values.dateScheduled,
    hashtags: values.hashtags,
    mentions: values.mentions,
    location: values.location.trim() || null,
    labels: values.labels,
    langs: values.langs,
    // Sent only for a thread: a single post's body stays as it was.
    ...(values.threadBreaks ? { threadBreaks: values.threadBreaks } : {}),
    mediaIds: files.mediaIds,
    altTexts: files.altTexts,
    // The mats of the files it keeps (a removed file's mat would be refused as a stranger's).
    mats: Object.fromEntries(Object.entries(values.mats).filter(([id]) => files.mediaIds.includes(id))),
  };
}
