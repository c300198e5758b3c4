import * as z from 'zod/mini';
import { composePostText } from '../../schemas/post-text';
import { accountsRule, savePostSchema, type AccountRef, type SavePost, type SocialAccount, type SocialPost } from '../../schemas/social.schema';
import { validate, type FieldErrors, type Values } from '../shared/form';

/** The post's fields as the editor holds them; the schedule is epoch milliseconds (UTC) or none. */
export interface PostFormValues {
  content: string;
  hashtags: string[];
  mentions: string[];
  accounts: AccountRef[];
  dateScheduled: number | null;
}
export type PostField = keyof PostFormValues;

export type PostFieldChange =
  | { field: 'content'; value: string }
  | { field: 'hashtags' | 'mentions'; value: string[] }
  | { field: 'accounts'; value: AccountRef[] }
  | { field: 'dateScheduled'; value: number | null };

export interface PostFormState {
  values: PostFormValues;
  errors: FieldErrors;
  touched: Partial<Record<PostField, boolean>>;
  submitted: boolean;
  /** Length of the text the post goes out with (content plus the hashtags and mentions it lacks): the counter's n. */
  textLength: number;
}

const fieldsSchema = z.object({
  content: savePostSchema.shape.content,
  hashtags: savePostSchema.shape.hashtags,
  mentions: savePostSchema.shape.mentions,
  accounts: accountsRule,
});

/**
 * The save schema's rules for these fields, plus its 280-character rule applied to the text as it will be posted:
 * hashtags and mentions appended to the content count too.
 */
function check(values: PostFormValues, text: string): FieldErrors {
  const errors = validate(fieldsSchema, values as unknown as Values);
  if (!errors.content) {
    const composed = savePostSchema.shape.content.safeParse(text);
    if (!composed.success) errors.content = composed.error.issues[0].message;
  }
  return errors;
}

function derive(values: PostFormValues): Pick<PostFormState, 'errors' | 'textLength'> {
  const text = composePostText(values);
  return { errors: check(values, text), textLength: text.length };
}

export const startPostForm = (values: PostFormValues): PostFormState => ({ values, ...derive(values), touched: {}, submitted: false });

/** A new post: with a single connected account that account is already ticked. */
export const emptyPostValues = (accounts: SocialAccount[]): PostFormValues => ({
  content: '',
  hashtags: [],
  mentions: [],
  accounts: accounts.length === 1 ? [{ platform: accounts[0].platform, handle: accounts[0].handle }] : [],
  dateScheduled: null,
});

export const postValuesOf = (post: SocialPost): PostFormValues => ({
  content: post.content,
  hashtags: post.hashtags ?? [],
  mentions: post.mentions ?? [],
  accounts: post.accounts,
  dateScheduled: post.dateScheduled ?? null,
});

/** Applies one change and re-validates the fields (never the files). */
export function changePostField(form: PostFormState, change: PostFieldChange): PostFormState {
  const values = { ...form.values, [change.field]: change.value };
  return { ...form, values, ...derive(values), touched: { ...form.touched, [change.field]: true } };
}

export const submitPostForm = (form: PostFormState): PostFormState => ({ ...form, submitted: true });

export const isPostFormValid = (form: PostFormState) => Object.keys(form.errors).length === 0;

/** Messages the server gave for fields show at once, under their fields. */
export const withServerErrors = (form: PostFormState, errors: FieldErrors): PostFormState =>
  Object.keys(errors).length ? { ...form, errors: { ...form.errors, ...errors }, submitted: true } : form;

/** Changing hashtags or mentions changes the posted text too: the content's length message may be theirs. */
const TOUCHES: Partial<Record<string, PostField[]>> = { content: ['content', 'hashtags', 'mentions'] };

/** The message under a field now; a list (hashtags, mentions) shows its first item's message. */
export function visiblePostError(form: PostFormState, field: PostField | 'mediaIds' | 'altTexts'): string | undefined {
  const touched = (TOUCHES[field] ?? [field as PostField]).some((f) => form.touched[f]);
  if (!form.submitted && !touched) return undefined;
  return form.errors[field] ?? Object.entries(form.errors).find(([key]) => key.startsWith(`${field}.`))?.[1];
}

export const sameAccount = (a: AccountRef, b: AccountRef) => a.platform === b.platform && a.handle.toLowerCase() === b.handle.toLowerCase();

const tagsKey = (tags: string[]) => JSON.stringify(tags.map((t) => t.trim()));
const accountsKey = (accounts: AccountRef[]) => JSON.stringify(accounts.map((a) => `${a.platform}:${a.handle.toLowerCase()}`).sort());

/** The same post as the server keeps it: text, tags (trimmed), accounts (in any order) and schedule. */
export const samePostValues = (a: PostFormValues, b: PostFormValues) =>
  a.content === b.content &&
  tagsKey(a.hashtags) === tagsKey(b.hashtags) &&
  tagsKey(a.mentions) === tagsKey(b.mentions) &&
  accountsKey(a.accounts) === accountsKey(b.accounts) &&
  a.dateScheduled === b.dateScheduled;

/** The body of POST /social-media/post: a draft, its files in order with their alt texts. */
export function toSavePost(values: PostFormValues, postId: string | null, files: { mediaIds: string[]; altTexts: Record<string, string> }): SavePost {
  return {
    ...(postId ? { postId } : {}),
    content: values.content,
    accounts: values.accounts,
    isDraft: true,
    dateScheduled: values.dateScheduled,
    hashtags: values.hashtags,
    mentions: values.mentions,
    mediaIds: files.mediaIds,
    altTexts: files.altTexts,
  };
}
