import { LOCAL_POST_DRAFT_VERSION, type LocalPostDraft } from '../../schemas/local-post-draft.schema';
import { changeField, emptyForm } from '../shared/form';
import { emptyPostValues, postFormRules, postValuesOf, sameAccount, type PostFormValues } from './post-editor.form';
import { filesOfPost, type PostFile } from './post-editor.files';
import type { PostEditorContext, PostEditorData, PostEditorInput } from './post-editor.types';

/** Which copy an editor keeps: the post's id, or for a new post 'new' (from a shared artwork: 'new?artwork=<id>'). */
export const copyKeyOf = (input: Pick<PostEditorInput, 'postId' | 'artworkId'>) =>
  input.postId ?? (input.artworkId ? `new?artwork=${input.artworkId}` : 'new');

/** The post as it stands, to keep in this browser: its fields and its files (local ones whole, uploaded ones by id). */
export function localCopyOf(context: Pick<PostEditorContext, 'copyKey' | 'form' | 'files' | 'seq'>, now: number): LocalPostDraft {
  const { content, hashtags, mentions, accounts, dateScheduled, location, labels, langs, threadBreaks, mats } = context.form.values;
  return {
    version: LOCAL_POST_DRAFT_VERSION,
    key: context.copyKey,
    savedAt: now,
    values: { content, hashtags, mentions, accounts, dateScheduled, location, labels, langs, threadBreaks, mats },
    files: context.files.map((f) =>
      f.kind === 'local'
        ? {
            kind: 'local',
            id: f.id,
            name: f.file.name,
            type: f.file.type,
            lastModified: f.file.lastModified,
            blob: f.file,
            altText: f.altText,
          }
        : { kind: 'uploaded', id: f.id, altText: f.altText },
    ),
    seq: context.seq,
  };
}

/**
 * The editor as the copy left it, over the post just read: the copy's fields (its accounts that are still connected),
 * its local files as files again, waiting for the next Save, and its uploaded files that the post still has.
 */
export function restoredFrom(context: Pick<PostEditorContext, 'accounts' | 'seq' | 'defaultLangs'>, data: PostEditorData) {
  const copy = data.localCopy!;
  const values: PostFormValues = {
    ...emptyPostValues(context.accounts, context.defaultLangs),
    ...copy.values,
    accounts: copy.values.accounts.filter((a) => context.accounts.some((c) => sameAccount(c, a))),
  };
  const onServer = data.post ? filesOfPost(data.post) : [];
  const files = copy.files.flatMap((f): PostFile[] => {
    if (f.kind === 'local') {
      const file = new File([f.blob], f.name, { type: f.type, lastModified: f.lastModified });
      return [{ kind: 'local', id: f.id, file, altText: f.altText, status: 'waiting', progress: 0, error: null }];
    }
    const uploaded = onServer.find((u) => u.id === f.id);
    return uploaded ? [{ ...uploaded, altText: f.altText }] : [];
  });
  // Touched, so that a text over the limit says so at once, as it did when it was typed.
  const form = changeField(emptyForm(values, postFormRules), postFormRules, 'content', values.content);
  return { form, files, seq: Math.max(copy.seq, context.seq), restoredAt: copy.savedAt, refused: [] };
}

/** Discarding the copy: the post as saved, or a new post as it starts. */
export const discarded = (context: Pick<PostEditorContext, 'post' | 'accounts' | 'defaultLangs'>) => ({
  form: emptyForm(context.post ? postValuesOf(context.post) : emptyPostValues(context.accounts, context.defaultLangs), postFormRules),
  files: context.post ? filesOfPost(context.post) : [],
  refused: [],
  restoredAt: null,
  threadNote: null,
});
