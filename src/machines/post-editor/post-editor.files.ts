import { postFileProblem, SOCIAL_MESSAGES, type PostMedia, type SocialPost } from '../../schemas/social.schema';
import { isVideoType, videoFileProblem, videoMixProblem } from '../../schemas/post-video.schema';

/** A file chosen in the editor: it stays on this device until the post is saved, then it is uploaded. */
export interface LocalPostFile {
  kind: 'local';
  id: string;
  file: File;
  altText: string;
  /** waiting: not sent yet (or to be sent again); failed: the last attempt failed, the next Save tries again. */
  status: 'waiting' | 'uploading' | 'failed';
  /** 0 to 1 while uploading. */
  progress: number;
  error: string | null;
}

/** A file of the saved post, on the server. */
export interface UploadedPostFile {
  kind: 'uploaded';
  /** The mediaId. */
  id: string;
  media: PostMedia;
  altText: string;
}

export type PostFile = LocalPostFile | UploadedPostFile;

export interface RefusedFile {
  id: string;
  fileName: string;
  message: string;
}

export const fileNameOf = (f: PostFile) => (f.kind === 'local' ? f.file.name : f.media.fileName);
export const fileSizeOf = (f: PostFile) => (f.kind === 'local' ? f.file.size : f.media.fileSizeInBytes);
export const fileTypeOf = (f: PostFile) => (f.kind === 'local' ? f.file.type : f.media.contentType);
export const isImageFile = (f: PostFile) => fileTypeOf(f).startsWith('image/');
/** An image or a video: the post then offers content labels, and its media win over a link card (as on Bluesky). */
export const hasMediaFiles = (files: PostFile[]) => files.some((f) => /^(image|video)\//.test(fileTypeOf(f)));
export const isVideoFile = (f: PostFile) => isVideoType(fileTypeOf(f));
/** Images and a video are sent to Bluesky with their alt text; other files are not sent. */
export const takesAltText = (f: PostFile) => isImageFile(f) || isVideoFile(f);

export const filesOfPost = (post: SocialPost): PostFile[] =>
  (post.media ?? []).map((media) => ({ kind: 'uploaded', id: media.mediaId, media, altText: media.altText }));

/**
 * Adds chosen files after the others. A file of a kind or size the requirements refuse, a video Bluesky would not take
 * (a second one, one beside images, an AVI), or one past the limit, is listed with the reason and skipped; the rest are added. `seq` numbers local files (`file-1`, ...).
 */
export function addFiles(files: PostFile[], incoming: File[], maxFiles: number | null, seq: number) {
  const next = [...files];
  const refused: RefusedFile[] = [];
  for (const file of incoming) {
    const id = `file-${++seq}`;
    const problem =
      postFileProblem(file) ??
      videoFileProblem({ name: file.name, type: file.type, size: file.size }) ??
      videoMixProblem([...next.map(fileTypeOf), file.type]) ??
      (maxFiles !== null && next.length >= maxFiles ? SOCIAL_MESSAGES.maxFiles(maxFiles) : null);
    if (problem) refused.push({ id, fileName: file.name, message: problem });
    else next.push({ kind: 'local', id, file, altText: '', status: 'waiting', progress: 0, error: null });
  }
  return { files: next, refused, seq };
}

const update = (files: PostFile[], id: string, change: (f: PostFile) => PostFile) => files.map((f) => (f.id === id ? change(f) : f));
const updateLocal = (files: PostFile[], id: string, change: Partial<LocalPostFile>) =>
  update(files, id, (f) => (f.kind === 'local' ? { ...f, ...change } : f));

export const removeFile = (files: PostFile[], id: string) => files.filter((f) => f.id !== id);
export const setAltText = (files: PostFile[], id: string, altText: string) => update(files, id, (f) => ({ ...f, altText }));

export const localFileIds = (files: PostFile[]) => files.filter((f) => f.kind === 'local').map((f) => f.id);
export const localFileOf = (files: PostFile[], id: string) => files.find((f): f is LocalPostFile => f.id === id && f.kind === 'local');

/** A Save sends every local file again, failed ones included. */
export const queueLocalFiles = (files: PostFile[]) =>
  files.map((f) => (f.kind === 'local' ? { ...f, status: 'waiting' as const, progress: 0, error: null } : f));
export const markUploading = (files: PostFile[], id: string) => updateLocal(files, id, { status: 'uploading', progress: 0, error: null });
export const setProgress = (files: PostFile[], id: string, fraction: number) =>
  updateLocal(files, id, { progress: Math.min(1, Math.max(0, fraction)) });
export const markFailed = (files: PostFile[], id: string, error: string) =>
  updateLocal(files, id, { status: 'failed', progress: 0, error });

/** The uploaded file takes the local one's place in the order, with the alt text typed meanwhile. */
export const markUploaded = (files: PostFile[], id: string, media: PostMedia) =>
  update(files, id, (f) => ({ kind: 'uploaded', id: media.mediaId, media, altText: f.altText }));

/** The post's files on the server, in the editor's order, and their alt texts (local files are not there yet). */
export function savedFilesOf(files: PostFile[]) {
  const uploaded = files.filter((f): f is UploadedPostFile => f.kind === 'uploaded');
  return { mediaIds: uploaded.map((f) => f.id), altTexts: Object.fromEntries(uploaded.map((f) => [f.id, f.altText])) };
}
