import type { MatChoice } from '../../src/schemas/image-fit.schema';
import type { BlobStore } from '../storage/blob-store';
import { INSTAGRAM_IMAGE_RULES, fitImage, type Rgb } from './media-fit';
import type { PostMediaRow } from './posts.dto';

/** A post's image as Instagram receives it: where the JPEG is stored, its size, and where the work sits on the mat. */
export interface FittedMedia {
  key: string;
  width: number;
  height: number;
  work: { left: number; top: number; width: number; height: number };
  matColour: string;
  matted: boolean;
}

/** Why an image could not be fitted: its file is gone, or it is not an image sharp can read. */
export class FitFailed extends Error {
  constructor(readonly reason: 'missing' | 'unreadable') {
    super(reason);
  }
}

const hex = ({ r, g, b }: Rgb) => `#${[r, g, b].map((v) => v.toString(16).padStart(2, '0')).join('')}`;

/**
 * Kept in the file's own folder (social/<user>/<post>/<media>/), so it goes when the file goes (the storage sweep
 * claims the folder by the file's row), one per mat: the preview and the publish use the same bytes.
 */
const keysOf = (media: PostMediaRow, mat: MatChoice) => {
  const folder = media.storageKey.replace(/\/[^/]*$/, '');
  return { image: `${folder}/fitted-instagram-${mat}.jpg`, facts: `${folder}/fitted-instagram-${mat}.json` };
};

/**
 * The image fitted to Instagram's rules on the given mat, made once per file and mat: asked again, the stored JPEG and
 * its facts are answered without reading the original again.
 */
export async function fittedMedia(storage: BlobStore, media: PostMediaRow, mat: MatChoice): Promise<FittedMedia> {
  const keys = keysOf(media, mat);
  const facts = await storage.read(keys.facts);
  if (facts && (await storage.stat(keys.image))) {
    return { key: keys.image, ...(JSON.parse(Buffer.concat(await facts.body.toArray()).toString('utf8')) as Omit<FittedMedia, 'key'>) };
  }
  const object = await storage.read(media.storageKey);
  if (!object) throw new FitFailed('missing');
  const fitted = await fitImage(Buffer.concat(await object.body.toArray()), INSTAGRAM_IMAGE_RULES, mat).catch(() => {
    throw new FitFailed('unreadable');
  });
  const answer = {
    width: fitted.width,
    height: fitted.height,
    work: fitted.work,
    matColour: hex(fitted.mat),
    matted: fitted.work.width < fitted.width || fitted.work.height < fitted.height,
  };
  await storage.put(keys.image, fitted.data, 'image/jpeg');
  // Written last: facts without their image are never read as done.
  await storage.put(keys.facts, Buffer.from(JSON.stringify(answer)), 'application/json');
  return { key: keys.image, ...answer };
}
