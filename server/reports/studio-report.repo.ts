import { and, asc, eq, gte, inArray, isNotNull, isNull, lt, lte, not, sql } from 'drizzle-orm';
import { todayUtc } from '../../src/schemas/inventory-fields';
import { emptyStudioReport, LAPSING_HOLD_DAYS, type SalesSum, type StudioReport } from '../../src/schemas/studio-report.schema';
import type { Db } from '../db/database';
import { artworkPieces, artworks, consignments, contacts, sales } from '../db/schema';
import { hasWorksStillOut, worksStillOut } from '../consignments/consignment.repo';
import { copyOf, holdLapsedBy } from '../inventory/pieces.repo';

const DAY_MS = 86_400_000;

/** How the artist's pieces stand: counts by sale state and by custody in one scan of their pieces. */
async function pieceCounts(db: Db, userId: string, now: Date): Promise<StudioReport['pieces']> {
  const rows = await db
    .select({
      sale: artworkPieces.sale,
      custody: artworkPieces.custody,
      n: sql<number>`count(*)::int`,
      // A hold whose moment has come is available already, before the upkeep records the lapse (as the inventory reads it).
      lapsed: sql<number>`(count(*) filter (where ${holdLapsedBy(now)}))::int`,
    })
    .from(artworkPieces)
    .where(eq(artworkPieces.userId, userId))
    .groupBy(artworkPieces.sale, artworkPieces.custody);
  const { pieces } = emptyStudioReport(0);
  for (const r of rows) {
    pieces.total += r.n;
    pieces.sale[r.sale] += r.n - r.lapsed;
    pieces.sale.available += r.lapsed;
    pieces.custody[r.custody] += r.n;
  }
  return pieces;
}

/** The asking prices of what is still to sell: available pieces and held ones (a hold is not a sale). */
async function availableValue(db: Db, userId: string): Promise<StudioReport['availableValue']> {
  const rows = await db
    .select({
      currency: artworkPieces.priceCurrency,
      amount: sql<string>`coalesce(sum(${artworkPieces.priceAmount}), 0)`,
      n: sql<number>`count(*)::int`,
    })
    .from(artworkPieces)
    .where(and(eq(artworkPieces.userId, userId), inArray(artworkPieces.sale, ['available', 'reserved'])))
    .groupBy(artworkPieces.priceCurrency)
    .orderBy(asc(artworkPieces.priceCurrency));
  return {
    sums: rows.flatMap((r) => (r.currency ? [{ currency: r.currency, amount: Number(r.amount) }] : [])),
    unpriced: rows.find((r) => !r.currency)?.n ?? 0,
  };
}

/** The year's sales that stand (not returned) and have a price, summed per currency, gallery and month. */
async function salesOfYear(db: Db, userId: string, year: number): Promise<StudioReport['sales']> {
  const month = sql`extract(month from ${sales.soldOn})`;
  const rows = await db
    .select({
      currency: sales.currency,
      month: sql<number>`${month}::int`,
      contactId: consignments.contactId,
      gallery: contacts.name,
      n: sql<number>`count(*)::int`,
      // A priced sale has its commission and net recorded (saleTotals); the gross is what they were made of.
      gross: sql<string>`sum(${sales.commission} + ${sales.net})`,
      commission: sql<string>`sum(${sales.commission})`,
      net: sql<string>`sum(${sales.net})`,
    })
    .from(sales)
    .leftJoin(consignments, eq(consignments.id, sales.consignmentId))
    .leftJoin(contacts, eq(contacts.id, consignments.contactId))
    .where(
      and(
        eq(sales.userId, userId),
        isNull(sales.returnedAt),
        isNotNull(sales.amount),
        gte(sales.soldOn, `${year}-01-01`),
        lte(sales.soldOn, `${year}-12-31`),
      ),
    )
    .groupBy(sales.currency, month, consignments.contactId, contacts.name);

  const add = <K extends string>(
    into: Map<K, SalesSum & Record<string, unknown>>,
    key: K,
    extra: Record<string, unknown>,
    r: (typeof rows)[number],
  ) => {
    const sum = into.get(key) ?? { ...extra, currency: r.currency ?? '', count: 0, gross: 0, commission: 0, net: 0 };
    sum.count += r.n;
    sum.gross += Number(r.gross);
    sum.commission += Number(r.commission);
    sum.net += Number(r.net);
    into.set(key, sum);
  };
  const totals = new Map<string, SalesSum>();
  const byGallery = new Map<string, SalesSum & { contactId: string | null; name: string }>();
  const byMonth = new Map<string, SalesSum & { month: number }>();
  for (const r of rows) {
    add(totals, r.currency ?? '', {}, r);
    add(byGallery, `${r.contactId ?? ''}|${r.currency}`, { contactId: r.contactId, name: r.gallery ?? 'Direct sales' }, r);
    add(byMonth, `${r.month}|${r.currency}`, { month: r.month }, r);
  }
  const byCurrency = (a: SalesSum, b: SalesSum) => a.currency.localeCompare(b.currency);
  return {
    totals: [...totals.values()].sort(byCurrency),
    byGallery: [...byGallery.values()].sort((a, b) => b.net - a.net || a.name.localeCompare(b.name) || byCurrency(a, b)),
    byMonth: [...byMonth.values()].sort((a, b) => a.month - b.month || byCurrency(a, b)),
  };
}

/** Consignments past their end date with works still at the gallery (neither returned nor sold), oldest end first. */
async function overdueConsignments(db: Db, userId: string, today: string): Promise<StudioReport['overdueConsignments']> {
  return db
    .select({ consignmentId: consignments.id, gallery: contacts.name, endsOn: consignments.endsOn, worksOut: worksStillOut })
    .from(consignments)
    .innerJoin(contacts, eq(contacts.id, consignments.contactId))
    .where(and(eq(consignments.userId, userId), lt(consignments.endsOn, today), hasWorksStillOut))
    .orderBy(asc(consignments.endsOn), asc(consignments.id));
}

/** Holds that end within the next days, soonest first: the artist may want to call the collector. */
async function lapsingHolds(db: Db, userId: string, now: Date): Promise<StudioReport['lapsingHolds']> {
  const rows = await db
    .select({ artwork: artworks, piece: artworkPieces, contact: contacts.name })
    .from(artworkPieces)
    .innerJoin(artworks, eq(artworks.id, artworkPieces.artworkId))
    .innerJoin(contacts, eq(contacts.id, artworkPieces.holdContactId))
    .where(
      and(
        eq(artworkPieces.userId, userId),
        eq(artworkPieces.sale, 'reserved'),
        not(holdLapsedBy(now)),
        lte(artworkPieces.holdUntil, new Date(now.getTime() + LAPSING_HOLD_DAYS * DAY_MS)),
      ),
    )
    .orderBy(asc(artworkPieces.holdUntil), asc(artworkPieces.id));
  return rows.map(({ artwork, piece, contact }) => ({
    artworkId: artwork.id,
    title: artwork.title,
    copy: copyOf(artwork, piece),
    contact,
    until: piece.holdUntil!.toISOString(),
  }));
}

/** The studio at a glance, for Home: where the pieces are, what is for sale, the year's sales and what needs doing. */
export async function readStudioReport(db: Db, userId: string, year: number, now = new Date()): Promise<StudioReport> {
  const [pieces, value, sold, overdue, holds] = await Promise.all([
    pieceCounts(db, userId, now),
    availableValue(db, userId),
    salesOfYear(db, userId, year),
    overdueConsignments(db, userId, todayUtc(now)),
    lapsingHolds(db, userId, now),
  ]);
  return { year, pieces, availableValue: value, sales: sold, overdueConsignments: overdue, lapsingHolds: holds };
}
