import { PGlite, type QueryOptions } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { drizzleClient } from '../../server/db/pglite-queries';

// Every type drizzle reads as text, in a table (its columns are mapped) and as raw rows.
const VALUES = sql`select
  timestamp '2026-11-26 03:04:05.678' as ts,
  timestamptz '2026-11-26 03:04:05.678+01' as tstz,
  interval '1 day 02:03:04' as iv,
  date '2026-02-28' as d,
  array[1.5, 2.25]::numeric[] as nums,
  array[timestamp '2026-01-01 00:00:00']::timestamp[] as tss,
  array[timestamptz '2026-01-01 00:00:00+00']::timestamptz[] as tstzs,
  array[interval '5 minutes']::interval[] as ivs,
  array[date '2026-01-02']::date[] as ds,
  42 as n, 'text' as t, true as b, '{"a":1}'::jsonb as j`;

describe('the PGlite client drizzle is given', () => {
  let plainPg: PGlite;
  let ourPg: PGlite;
  const sent: (QueryOptions | undefined)[] = [];
  beforeAll(async () => {
    [plainPg, ourPg] = await Promise.all([PGlite.create(), PGlite.create()]);
    const spy = (query: PGlite['query']) =>
      ((text: string, params?: unknown[], options?: QueryOptions) => {
        sent.push(options);
        return query(text, params, options);
      }) as PGlite['query'];
    const transaction = ourPg.transaction.bind(ourPg);
    ourPg.query = spy(ourPg.query.bind(ourPg));
    ourPg.transaction = (fn) => transaction((tx) => fn({ ...tx, query: spy(tx.query) }));
  });
  afterAll(() => Promise.all([plainPg.close(), ourPg.close()]));

  it('reads every type as drizzle does on its own, in and out of transactions', async () => {
    const plain = drizzle(plainPg);
    const ours = drizzle(drizzleClient(ourPg));
    const expected = (await plain.execute(VALUES)).rows;
    expect(expected[0]).toMatchObject({ ts: '2026-11-26 03:04:05.678', d: '2026-02-28', n: 42, j: { a: 1 } });
    expect((await ours.execute(VALUES)).rows).toEqual(expected);
    expect(await ours.transaction((tx) => tx.execute(VALUES)).then((r) => r.rows)).toEqual(expected);
  });

  it('sends no parsers with a query, so PGlite does not copy its table of parsers for each one', async () => {
    const ours = drizzle(drizzleClient(ourPg));
    sent.length = 0;
    await ours.execute(sql`select 1`);
    await ours.transaction(async (tx) => {
      await tx.execute(sql`select 2`);
    });
    expect(sent).toHaveLength(2);
    for (const options of sent) expect(options?.parsers).toBeUndefined();
  });
});
