import * as z from 'zod/mini';
import { composePostText } from '../../schemas/post-text';
import {
  accountsRule,
  LOCATION_TOO_LONG,
  POST_LOCATION_MAX_LENGTH,
  savePostSchema,
  type AccountRef,
  type SavePost,
  type SocialAccount,
  type SocialPost,
} from '../../schemas/social.schema';
import { visibleError, type FormContext } from '../shared/form';
import { DEFAULT_POST_LANGUAGE, labelsRule, langsRule } from '../../schemas/post-labels.schema';

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
  /** Derived: length of the text the post goes out with (content plus the hashtags and mentions it lacks): the counter's n. */
  textLength: number;
}
export type PostField = Exclude<keyof PostFormValues, 'textLength'>;

export type PostFieldChange =
  | { field: 'content'; value: string }
  | { field: 'hashtags' | 'mentions'; value: string[] }
  | { field: 'accounts'; value: AccountRef[] }
  | { field: 'dateScheduled'; value: number | null }
  | { field: 'location'; value: string }
  | { field: 'labels' | 'langs'; value: string[] };

export type PostFormState = FormContext<PostFormValues>;

const contentRule = savePostSchema.shape.content;

/**
 * The save schema's rules for these fields, plus its 280-character rule applied to the text as it will be posted:
 * hashtags and mentions appended to the content count too (a message of the content's own comes first).
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
  })
  .check(
    z.superRefine(
      (values: Omit<PostFormValues, 'textLength' | 'dateScheduled'>, ctx) => {
        const composed = contentRule.safeParse(composePostText(values));
        if (!composed.success)
          ctx.issues.push({ code: 'custom', path: ['content'], input: values.content, message: composed.error.issues[0].message });
      },
      // Like the rules across fields: it runs even when another field is invalid.
      { when: (payload) => typeof payload.value === 'object' && payload.value !== null },
    ),
  );

const withTextLength = (values: PostFormValues): PostFormValues => ({ ...values, textLength: composePostText(values).length });

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
    textLength: 0,
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
    textLength: 0,
  });

/** The message under a field now; hashtags and mentions go out with the content, so its length message may be theirs. */
export const visiblePostError = (form: PostFormState, field: PostField | 'mediaIds' | 'altTexts') =>
  visibleError(form, field, field === 'content' ? ['content', 'hashtags', 'mentions'] : undefined);

export const sameAccount = (a: AccountRef, b: AccountRef) => a.platform === b.platform && a.handle.toLowerCase() === b.handle.toLowerCase();

const tagsKey = (tags: string[]) => JSON.stringify(tags.map((t) => t.trim()));
const accountsKey = (accounts: AccountRef[]) => JSON.stringify(accounts.map((a) => `${a.platform}:${a.handle.toLowerCase()}`).sort());

/** The same post as the server keeps it: text, tags and location (trimmed), accounts and labels (in any order), schedule, languages. */
export const samePostValues = (a: PostFormValues, b: PostFormValues) =>
  a.content === b.content &&
  tagsKey(a.hashtags) === tagsKey(b.hashtags) &&
  tagsKey(a.mentions) === tagsKey(b.mentions) &&
  accountsKey(a.accounts) === accountsKey(b.accounts) &&
  a.dateScheduled === b.dateScheduled &&
  a.location.trim() === b.location.trim() &&
  JSON.stringify([...a.labels].sort()) === JSON.stringify([...b.labels].sort()) &&
  JSON.stringify(a.langs) === JSON.stringify(b.langs);

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
    mediaIds: files.mediaIds,
    altTexts: files.altTexts,
  };
}
