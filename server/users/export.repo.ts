import { asc, eq } from 'drizzle-orm';
import type { Db } from '../db/database';
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

/** Every row of an artist's archive, read at once in a few short queries (never a transaction held open while files stream). */
export async function readExportRows(db: Db, userId: string) {
  const [
    [user],
    artworkRows,
    mediaRows,
    journalRows,
    postRows,
    accountRows,
    [publication],
    collectionRows,
    memberRows,
    inquiryRows,
    [domain],
  ] = await Promise.all([
    db.select().from(users).where(eq(users.id, userId)),
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

  return { user, artworkRows, mediaRows, journalRows, postRows, accountRows, publication, collectionRows, memberRows, inquiryRows, domain };
}
