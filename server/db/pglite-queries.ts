import { types, type PGlite, type QueryOptions, type Transaction } from '@electric-sql/pglite';

/**
 * The types drizzle reads as PostgreSQL's text rather than as parsed values: dates, times, intervals and their arrays,
 * numeric[] (the same list drizzle-orm/pglite gives with each query).
 */
const DRIZZLE_TEXT_TYPES = [types.TIMESTAMP, types.TIMESTAMPTZ, types.INTERVAL, types.DATE, 1231, 1115, 1185, 1187, 1182];
const asText = (value: string) => value;

type Query = PGlite['query'];
const withoutParsers = (query: Query): Query =>
  ((text: string, params?: unknown[], options?: QueryOptions) =>
    query(text, params, options?.parsers ? { ...options, parsers: undefined } : options)) as Query;

/**
 * The client drizzle is given. drizzle passes its parsers with every query, and PGlite merges them into a fresh copy
 * of its table of some 320 parsers each time: 118 KB of garbage per query, ~2 MB/s from the delivery worker's polling
 * of an idle server, enough that V8 never judged the server idle and kept a burst's garbage resident. Here the client
 * holds drizzle's parsers once, and the queries drizzle sends, in transactions too, go without theirs.
 */
export function drizzleClient(pg: PGlite): PGlite {
  pg.parsers = { ...pg.parsers, ...Object.fromEntries(DRIZZLE_TEXT_TYPES.map((oid) => [oid, asText])) };
  const query = withoutParsers(pg.query.bind(pg));
  const transaction = <T>(fn: (tx: Transaction) => Promise<T>) =>
    pg.transaction((tx) => fn(Object.create(tx, { query: { value: withoutParsers(tx.query) } }) as Transaction));
  // PGlite keeps its state in private fields: every other member is the client's own, bound to it.
  return new Proxy(pg, {
    get(target, key) {
      if (key === 'query') return query;
      if (key === 'transaction') return transaction;
      const value = Reflect.get(target, key, target) as unknown;
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
}
