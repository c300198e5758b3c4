import type { AppDeps } from '../context';
import type { SiteImage } from './snapshot';
import { withWebpMetadata } from './webp-metadata';

/** Images read, credited and written at once: each holds its four variants in memory (a few hundred KB). */
const IMAGE_CONCURRENCY = 8;

export const imageKey = (folder: string, version: number, file: string) => `published/${folder}/${version}/${file}`;

/**
 * The published sizes of an image (for srcset), narrowest first: `<name>-xs.webp` (within 400 px: a grid tile on a
 * phone), `<name>-sm.webp` (600), `<name>-md.webp` (960: the artwork's picture on a phone) and `<name>-lg.webp` (1600).
 * An optional size may be missing (images uploaded before the `medium` variant existed): srcset then offers the next.
 */
const PUBLISHED_SIZES = [
  { suffix: 'xs', variant: 'preview', optional: false },
  { suffix: 'sm', variant: 'sm', optional: false },
  { suffix: 'md', variant: 'medium', optional: true },
  { suffix: 'lg', variant: 'large', optional: false },
] as const;

/** The storage keys of an image's variants by size name (null where it has none). */
export type VariantKeys = { preview: string | null; sm: string | null; medium: string | null; large: string | null };

/** One image to publish: its files are `<name>-<size>.webp`, and `set` receives it once they are written. */
export interface ImageJob {
  /** Its place in the snapshot ('3' for the third artwork's picture, '3-2' for its second image): never an id. */
  name: string;
  alt: string;
  sources: Array<{ suffix: string; key: string }>;
  set: (image: SiteImage) => void;
}

/** The job for an image with these variants, or none when a size it needs is missing (not processed yet). */
export function imageJob(name: string, alt: string, keys: VariantKeys, set: ImageJob['set']): ImageJob | null {
  const sizes = PUBLISHED_SIZES.filter((s) => keys[s.variant] || !s.optional);
  if (!sizes.every((s) => keys[s.variant])) return null;
  return { name, alt, set, sources: sizes.map((s) => ({ suffix: s.suffix, key: keys[s.variant]! })) };
}

/** The stored bytes, or null when the file was deleted meanwhile. */
async function readStored(deps: AppDeps, key: string): Promise<Buffer | null> {
  const object = await deps.storage.read(key);
  return object ? Buffer.concat(await object.body.toArray()) : null;
}

export interface ImageTarget {
  folder: string;
  version: number;
  exif: Buffer;
  xmp: string;
  /** Every key written, so a publish that fails can delete them. */
  written: string[];
}

/**
 * Writes one image's published sizes, each credited to the artist (EXIF and XMP spliced in, the picture untouched),
 * and gives it to its job. A size no larger than the narrower one is left out (a small image is published once). An
 * image deleted meanwhile is left out.
 */
async function publishImage(deps: AppDeps, to: ImageTarget, job: ImageJob) {
  const sources = await Promise.all(job.sources.map(async (s) => ({ ...s, bytes: await readStored(deps, s.key) })));
  const files: Array<SiteImage['files'][number] & { data: Buffer }> = [];
  for (const source of sources) {
    if (!source.bytes) return;
    const stamped = withWebpMetadata(source.bytes, to.exif, to.xmp);
    const last = files.at(-1);
    if (last && last.width >= stamped.width && last.height >= stamped.height) continue;
    files.push({ file: `${job.name}-${source.suffix}.webp`, ...stamped });
  }
  await Promise.all(
    files.map((f) => {
      const key = imageKey(to.folder, to.version, f.file);
      to.written.push(key);
      return deps.storage.put(key, f.data, 'image/webp');
    }),
  );
  job.set({ alt: job.alt, files: files.map(({ file, width, height }) => ({ file, width, height })) });
}

/** Publishes every job, a few at a time. */
export async function publishImages(deps: AppDeps, to: ImageTarget, jobs: ImageJob[]) {
  for (let i = 0; i < jobs.length; i += IMAGE_CONCURRENCY)
    await Promise.all(jobs.slice(i, i + IMAGE_CONCURRENCY).map((job) => publishImage(deps, to, job)));
}
