import { asc, eq } from 'drizzle-orm';
import type { AppDeps } from '../context';
import {
  artworkMedia,
  artworks,
  collectionArtworks,
  collections,
  customDomains,
  inquiries,
  journalEntries,
  publications,
  socialAccounts,
  socialPosts,
  users,
} from '../db/schema';
import { toInquiryDto } from '../inquiries/inquiry.dto';
import { toArtworkDto } from '../artworks/artwork.dto';
import { toJournalDto } from '../journal/journal.dto';
import { portfolioUrl } from '../publish/publish.service';
import { toAccountDto } from '../social/accounts.repo';
import { deliveriesOf } from '../social/delivery.repo';
import { toPostMediaDto, toSocialPostDto } from '../social/posts.dto';
import { mediaOf } from '../social/posts.repo';
import { originalExtension } from './avatar';
import { toUserDto } from './user.dto';

/** One stored file to copy into the archive, at `path`. */
export interface ExportFile {
  path: string;
  key: string;
  modified: Date;
}

export interface ExportContents {
  /** profile.json, artworks.json, journal.json, posts.json, collections.json, inquiries.json. */
  json: Record<string, unknown>;
  files: ExportFile[];
}

/**
 * Bidirectional embeddings, overrides and isolates (U+202A-U+202E, U+2066-U+2069): a name holding them is shown in an
 * order other than its own, so '\u202egnp.exe' reads as 'exe.png'. No name in the archive keeps them.
 */
const BIDI_CONTROLS = /[\u202a-\u202e\u2066-\u2069]/g;

/** A stored file name as a safe archive entry name: no folders, no control characters, never empty. */
export function entryName(fileName: string, fallback: string): string {
  const name = fileName
    .replace(BIDI_CONTROLS, '')
    // eslint-disable-next-line no-control-regex -- control characters are what this replaces
    .replace(/[\u0000-\u001f\u007f/\\:*?"<>|]/g, '_')
    .trim();
  return !name || name === '.' || name === '..' ? fallback : name.slice(0, 200);
}

/**
 * An artwork's folder, named so an artist finds it by eye and two works of one title never share it: 'Blue Harbour
 * (<artworkId>)'. The title is cut to 80 characters and loses trailing dots and spaces, which Windows drops.
 */
export function artworkFolder(title: string, artworkId: string): string {
  const name = entryName(title, '')
    .slice(0, 80)
    .replace(/[. ]+$/, '');
  return name ? `${name} (${artworkId})` : artworkId;
}

/** Gives each name in one folder a unique spelling, ignoring case as Windows and macOS do: 'a.jpg', 'a (2).jpg'. */
function uniqueNames() {
  const taken = new Set<string>();
  return (folder: string, name: string) => {
    const dot = name.lastIndexOf('.');
    const [stem, ext] = dot > 0 ? [name.slice(0, dot), name.slice(dot)] : [name, ''];
    let candidate = `${folder}/${name}`;
    for (let n = 2; taken.has(candidate.toLowerCase()); n++) candidate = `${folder}/${stem} (${n})${ext}`;
    taken.add(candidate.toLowerCase());
    return candidate;
  };
}

/** Signed addresses expire within hours and are useless in an archive: the file paths inside it stand for them. */
const withoutUrls = <T extends object>(value: T, ...keys: Array<keyof T>) => {
  const copy = { ...value };
  for (const key of keys) delete copy[key];
  return copy;
};

/**
 * Everything an artist's archive holds, read at once (a few short queries, never a transaction held open while the
 * files stream). The JSON keeps the shapes the API answers, less the signed addresses; each original file is listed
 * with the path it has in the archive.
 */
export async function collectExport(deps: Pick<AppDeps, 'db' | 'mediaUrls' | 'config'>, userId: string): Promise<ExportContents> {
  const { db, mediaUrls } = deps;
  const [user] = await db.select().from(users).where(eq(users.id, userId));
  if (!user) throw new Error(`no user ${userId}`);
  const [artworkRows, mediaRows, journalRows, postRows, accountRows, [publication], collectionRows, memberRows, inquiryRows, [domain]] =
    await Promise.all([
      db.select().from(artworks).where(eq(artworks.userId, userId)).orderBy(asc(artworks.createdAt), asc(artworks.id)),
      db.select().from(artworkMedia).where(eq(artworkMedia.userId, userId)).orderBy(asc(artworkMedia.createdAt), asc(artworkMedia.id)),
      db
        .select()
        .from(journalEntries)
        .where(eq(journalEntries.userId, userId))
        .orderBy(asc(journalEntries.createdAt), asc(journalEntries.id)),
      db.select().from(socialPosts).where(eq(socialPosts.userId, userId)).orderBy(asc(socialPosts.createdAt), asc(socialPosts.id)),
      db
        .select()
        .from(socialAccounts)
        .where(eq(socialAccounts.userId, userId))
        .orderBy(asc(socialAccounts.platform), asc(socialAccounts.handle)),
      db.select().from(publications).where(eq(publications.userId, userId)),
      db.select().from(collections).where(eq(collections.userId, userId)).orderBy(asc(collections.createdAt), asc(collections.id)),
      db
        .select({ collectionId: collectionArtworks.collectionId, artworkId: collectionArtworks.artworkId })
        .from(collectionArtworks)
        .innerJoin(collections, eq(collections.id, collectionArtworks.collectionId))
        .where(eq(collections.userId, userId))
        .orderBy(asc(collectionArtworks.position)),
      db.select().from(inquiries).where(eq(inquiries.userId, userId)).orderBy(asc(inquiries.createdAt), asc(inquiries.id)),
      db.select().from(customDomains).where(eq(customDomains.userId, userId)),
    ]);

  const files: ExportFile[] = [];
  const unique = uniqueNames();
  const addFile = (folder: string, fileName: string, id: string, key: string, modified: Date) => {
    const path = unique(folder, entryName(fileName, id));
    files.push({ path, key, modified });
    return path;
  };

  const artworkList = artworkRows.map((row) => ({
    ...withoutUrls(toArtworkDto(row, mediaUrls), 'primaryImageUrl', 'primaryImageUncroppedUrl'),
    media: mediaRows
      .filter((m) => m.artworkId === row.id)
      .map((m) => ({
        mediaId: m.id,
        fileName: m.fileName,
        contentType: m.contentType,
        fileSizeInBytes: m.fileSizeBytes,
        width: m.width,
        height: m.height,
        dateCreated: m.createdAt.toISOString(),
        isPrimary: m.id === row.primaryImageMediaId,
        file: addFile(`media/${artworkFolder(row.title, row.id)}`, m.fileName, m.id, m.storageKey, m.createdAt),
      })),
  }));

  const postIds = postRows.map((r) => r.id);
  const [postMedia, deliveries] = await Promise.all([mediaOf(db, postIds), deliveriesOf(db, postIds)]);
  const posts = postRows.map((row) => {
    const media = postMedia.get(row.id) ?? [];
    const post = toSocialPostDto(row, media, deliveries.get(row.id) ?? [], mediaUrls);
    return {
      ...withoutUrls(post, 'media'),
      media: media.map((m) => ({
        ...withoutUrls(toPostMediaDto(m, mediaUrls), 'url'),
        file: addFile(`posts/${row.id}`, m.fileName, m.id, m.storageKey, m.createdAt),
      })),
    };
  });

  const profile = {
    exportedAt: new Date().toISOString(),
    ...withoutUrls(toUserDto(user), 'avatarVersion'),
    createdAt: user.createdAt.toISOString(),
    emailVerifiedAt: user.emailVerifiedAt?.toISOString() ?? null,
    // The file as the artist uploaded it; an avatar from before originals were kept has only its WebP.
    avatar: user.avatarOriginalKey
      ? addFile('profile', `avatar.${originalExtension(user.avatarOriginalKey)}`, 'avatar', user.avatarOriginalKey, user.updatedAt)
      : user.avatarKey
        ? addFile('profile', 'avatar.webp', 'avatar', user.avatarKey, user.updatedAt)
        : null,
    publishedPortfolio: publication?.publishedAt
      ? { url: portfolioUrl(deps.config.appUrl, publication.slug), publishedAt: publication.publishedAt.toISOString() }
      : null,
    // The handles only: app passwords and sessions stay sealed and never leave the server.
    socialAccounts: accountRows.map(toAccountDto),
    customDomain: domain ? { domain: domain.domain, verifiedAt: domain.verifiedAt?.toISOString() ?? null } : null,
  };
  // Each collection with its artworks in the artist's manual order (a sort, if chosen, is kept as sortField).
  const collectionList = collectionRows.map((c) => ({
    collectionId: c.id,
    title: c.title,
    description: c.description,
    visibility: c.visibility,
    coverArtworkId: c.coverArtworkId,
    artworkIds: memberRows.filter((m) => m.collectionId === c.id).map((m) => m.artworkId),
    tags: c.tags,
    sortField: c.sortField,
    sortDirection: c.sortDirection,
    createdAt: c.createdAt.toISOString(),
    updatedAt: c.updatedAt.toISOString(),
  }));

  return {
    json: {
      'profile.json': profile,
      'artworks.json': artworkList,
      'journal.json': journalRows.map((row) => ({
        ...withoutUrls(toJournalDto({ ...row, mediaExists: false }, mediaUrls), 'thumbnailUrl'),
        dismissedDate: row.dismissedAt?.toISOString() ?? null,
      })),
      'posts.json': posts,
      'collections.json': collectionList,
      // Buyers' messages about the artist's artworks: the artist's correspondence, so it leaves with them.
      'inquiries.json': inquiryRows.map(toInquiryDto),
    },
    files,
  };
}
