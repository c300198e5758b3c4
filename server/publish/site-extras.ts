import { imageJob, type ImageJob } from './publish-images';
import type { artworkImages, publicProfile } from './site-snapshot.repo';
import type { SiteArtwork, SiteImage, SiteProfile } from './snapshot';

type ImageRow = Awaited<ReturnType<typeof artworkImages>>[number];
type ProfileRow = Awaited<ReturnType<typeof publicProfile>>;

/**
 * The jobs that publish each artwork's other images (all but its primary, in its Media tab's order) as
 * `<n>-<k>-<size>.webp`, k its number among the work's images; `finish` then sets each work's gallery in that order,
 * without the ones that could not be published.
 */
export function galleryJobs(artworks: Array<{ entry: SiteArtwork; n: number; primaryId: string | null }>, images: ImageRow[]) {
  const jobs: ImageJob[] = [];
  const finishers: Array<() => void> = [];
  for (const { entry, n, primaryId } of artworks) {
    const others = images.filter((m) => m.artworkId === entry.id && m.mediaId !== primaryId);
    if (!others.length) continue;
    const first = primaryId ? 2 : 1;
    const total = others.length + first - 1;
    const title = entry.title.trim() || 'Untitled';
    const slots: Array<SiteImage | null> = others.map(() => null);
    others.forEach((m, j) => {
      const k = first + j;
      const job = imageJob(`${n}-${k}`, `${title}, image ${k} of ${total}`, m, (image) => (slots[j] = image));
      if (job) jobs.push(job);
    });
    finishers.push(() => (entry.gallery = slots.filter((s): s is SiteImage => s !== null)));
  }
  return { jobs, finish: () => finishers.forEach((f) => f()) };
}

/** What the home shows of the artist, and the job that publishes their avatar (one square file, avatar-sq.webp). */
export function siteProfileOf(row: ProfileRow) {
  const profile: SiteProfile = {
    bio: row?.bio ?? '',
    website: row?.website ?? '',
    email: row?.contactEmail ?? '',
    instagram: row?.instagram ?? '',
    bluesky: row?.bluesky ?? '',
    avatar: null,
  };
  const job: ImageJob | null = row?.avatarKey
    ? { name: 'avatar', alt: '', sources: [{ suffix: 'sq', key: row.avatarKey }], set: (image) => (profile.avatar = image) }
    : null;
  return { profile, job };
}

/** Every published file of an artwork or the profile: each size of each image. */
export const imagesOf = (artworks: SiteArtwork[], profile: SiteProfile | undefined) => [
  ...artworks.flatMap((a) => [...(a.image ? [a.image] : []), ...(a.gallery ?? [])]),
  ...(profile?.avatar ? [profile.avatar] : []),
];
