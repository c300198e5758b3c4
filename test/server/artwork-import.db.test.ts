import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { importReportSchema, IMPORT_MAX_BYTES, type ImportReport } from '../../src/schemas/artwork-import.schema';
import { artworkPageSchema } from '../../src/schemas/artwork.schema';
import { historyPageSchema } from '../../src/schemas/history.schema';
import { inventorySchema } from '../../src/schemas/inventory.schema';
import { journalPageSchema } from '../../src/schemas/journal.schema';
import { createTestApp, signedInUser, type TestApp } from '../support/test-app';
import { dbLabel } from '../support/test-db';

const HEADER = 'title,year,medium,height,width,depth,unit,price,currency,status,location,inventoryNumber,edition';

describe(`CSV import and export of artworks (${dbLabel()})`, () => {
  let t: TestApp;
  let ada: string;
  let bob: string;
  beforeAll(async () => {
    t = await createTestApp();
    [ada, bob] = [(await signedInUser(t)).idToken, (await signedInUser(t)).idToken];
  });
  afterAll(() => t.close());

  const send = (body: BodyInit, { token = ada, dryRun = false, type = 'text/csv', headers = {} } = {}) =>
    t.request(`/api/artwork/import${dryRun ? '?dryRun=true' : ''}`, {
      method: 'POST',
      token,
      body,
      headers: { 'content-type': type, ...headers },
      ...(body instanceof ReadableStream ? { duplex: 'half' } : {}),
    } as RequestInit & { token: string });
  const report = async (res: Response, status: number): Promise<ImportReport> => {
    expect(res.status, await res.clone().text()).toBe(status);
    return importReportSchema.parse(await res.json());
  };
  const list = async (token = ada) =>
    artworkPageSchema.parse(await (await t.request('/api/artwork?pageSize=100&sort=title&order=asc', { token })).json());
  const inventory = async (id: string) =>
    inventorySchema.parse(await (await t.request(`/api/artwork/${id}/inventory`, { token: ada })).json());
  const history = async (id: string) =>
    historyPageSchema.parse(await (await t.request(`/api/artwork/${id}/history`, { token: ada })).json()).items;
  const exported = async (token = ada) => {
    const res = await t.request('/api/artwork/export.csv', { token });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    return res.text();
  };

  it('answers a dry run row by row, reports unknown columns, and writes nothing', async () => {
    const csv = [
      'Notes,STATUS,title,Price,currency,height,width,unit',
      'old,sold,Harbour at dusk,450.00,EUR,40,50,cm',
      ',,Night swim,,,30,30,in',
    ].join('\n');
    const r = await report(await send(csv, { dryRun: true }), 200);
    expect(r).toMatchObject({ dryRun: true, imported: 0, message: '2 works ready to import', errors: [] });
    expect(r.unknownColumns).toEqual([{ column: 1, name: 'Notes' }]);
    expect(r.rows).toEqual([
      { line: 2, title: 'Harbour at dusk', saleStatus: 'SOLD', ok: true, errors: [] },
      { line: 3, title: 'Night swim', saleStatus: 'AVAILABLE', ok: true, errors: [] },
    ]);
    expect((await list()).total).toBe(0);
  });

  it('imports every row: sizes, price, place, inventory number and edition; SOLD records a sale to an unknown buyer', async () => {
    const csv = [
      HEADER,
      'Harbour at dusk,2021,Oil on linen,40,50,,cm,450.00,eur,SOLD,,A-001,',
      'Stone head,2019,Granite,30,20,15,in,1200,USD,Not For Sale,Framer Jones,A-002,',
      'Tide print,2022,Etching,20,30,,cm,80.5,EUR,,,A-003,10 + 2 AP',
    ].join('\r\n');
    const r = await report(await send(csv), 201);
    expect(r).toMatchObject({ dryRun: false, imported: 3, message: '3 works imported' });
    const items = (await list()).items;
    expect(items.map((a) => [a.title, a.year, a.medium, a.saleStatus, a.mediaType, a.dimensions])).toEqual([
      [
        'Harbour at dusk',
        2021,
        'Oil on linen',
        'SOLD',
        'PHYSICAL_2D',
        { mediaType: 'PHYSICAL_2D', measurementSystem: 'metric', height: 40, width: 50 },
      ],
      [
        'Stone head',
        2019,
        'Granite',
        'NOT_FOR_SALE',
        'PHYSICAL_3D',
        { mediaType: 'PHYSICAL_3D', measurementSystem: 'imperial', height: 30, width: 20, depth: 15 },
      ],
      [
        'Tide print',
        2022,
        'Etching',
        'AVAILABLE',
        'PHYSICAL_2D',
        { mediaType: 'PHYSICAL_2D', measurementSystem: 'metric', height: 20, width: 30 },
      ],
    ]);
    const [harbour, head, tide] = items;
    const sold = await inventory(harbour.artworkId);
    expect(sold.pieces).toMatchObject([{ sale: 'sold', custody: 'withBuyer', price: { amount: 45000, currency: 'EUR' } }]);
    const soldHistory = await history(harbour.artworkId);
    expect(soldHistory[0]).toMatchObject({ type: 'artwork.sold', message: expect.stringContaining('was sold') });
    expect(soldHistory[0].changes).toContainEqual({ what: 'Sold for', from: null, to: 'EUR 450.00' });
    expect(sold.pieces[0].currentSale).toMatchObject({ buyer: null, price: { amount: 45000, currency: 'EUR' }, net: 45000 });
    // The same entries, in the same order, as a work created sold through the API (which records its sale by hand).
    const typed = await t.request('/api/artwork', {
      method: 'POST',
      token: bob,
      json: {
        title: 'Typed',
        saleStatus: 'SOLD',
        mediaType: 'PHYSICAL_2D',
        dimensions: { mediaType: 'PHYSICAL_2D', measurementSystem: 'metric', height: 1, width: 1 },
      },
    });
    const typedId = ((await typed.json()) as { artworkId: string }).artworkId;
    const typedHistory = historyPageSchema.parse(await (await t.request(`/api/artwork/${typedId}/history`, { token: bob })).json()).items;
    const shape = (items: typeof soldHistory) => items.map((e) => [e.type, e.what, e.from, e.to, e.who, e.date]);
    expect(shape(soldHistory)).toEqual(shape(typedHistory));
    await t.request(`/api/artwork/${typedId}`, { method: 'DELETE', token: bob });
    expect((await inventory(head.artworkId)).pieces).toMatchObject([
      { sale: 'notForSale', custody: 'elsewhere', place: 'Framer Jones', price: { amount: 120000, currency: 'USD' } },
    ]);
    expect((await history(head.artworkId))[0]).toMatchObject({ type: 'artwork.movedElsewhere' });
    const edition = await inventory(tide.artworkId);
    expect(edition).toMatchObject({ edition: { size: 10, proofs: 2 }, remaining: 12 });
    expect(edition.pieces.every((p) => p.price?.amount === 8050)).toBe(true);
    const journal = journalPageSchema.parse(await (await t.request('/api/journal?limit=100', { token: ada })).json()).items;
    expect(
      journal
        .filter((e) => e.journalEntryType === 'artwork.new')
        .map((e) => e.message)
        .sort(),
    ).toEqual(["Artwork 'Harbour at dusk' was created", "Artwork 'Stone head' was created", "Artwork 'Tide print' was created"]);
    // Another artist sees none of it.
    expect((await list(bob)).total).toBe(0);
    expect(await exported(bob)).toBe(`${HEADER}\r\n`);
  });

  it('exports the same columns, formulas as text, and importing the export reads back the same works', async () => {
    const csv = [
      HEADER,
      '"=HYPERLINK(""x"")",2020,+paint,10,10,,in,5,JPY,,@home,-7,',
      '"Comma, quoted",,"two\nlines",1.5,2,,cm,,,NOT_FOR_SALE,,,',
    ].join('\n');
    await report(await send(csv), 201);
    const first = await exported();
    expect(first.split('\r\n')[0]).toBe(HEADER);
    expect(first).toContain(`"'=HYPERLINK(""x"")",2020,'+paint,10,10,,in,5,JPY,AVAILABLE,'@home,'-7,`);
    expect(first).toContain('"Comma, quoted",,"two\nlines",1.5,2,,cm,,,NOT_FOR_SALE,,,');
    expect(first).toContain('Harbour at dusk,2021,Oil on linen,40,50,,cm,450.00,EUR,SOLD,,A-001,');
    expect(first).toContain('Tide print,2022,Etching,20,30,,cm,80.50,EUR,AVAILABLE,,A-003,10 + 2 AP');

    // Bob imports Ada's export: the same works, cell for cell.
    await report(await send(first, { token: bob }), 201);
    expect(await exported(bob)).toBe(first);
    const bobs = (await list(bob)).items;
    expect(bobs.find((a) => a.title.startsWith('=HYPERLINK'))).toMatchObject({ medium: '+paint' });
  });

  it('an edition imported SOLD is sold out, every copy and proof to an unknown buyer; one with a place has every copy there', async () => {
    const csv = [
      HEADER,
      'Sold edition,2020,Print,10,10,,cm,50,EUR,sold,,,3 + 1 AP',
      'Stored edition,2020,Print,10,10,,cm,,,,Crate 9,,2',
    ].join('\n');
    await report(await send(csv, { token: bob }), 201);
    const works = (await list(bob)).items.filter((a) => a.title.endsWith('edition'));
    const read = async (id: string) =>
      inventorySchema.parse(await (await t.request(`/api/artwork/${id}/inventory`, { token: bob })).json());
    const soldOut = await read(works.find((a) => a.title === 'Sold edition')!.artworkId);
    expect(works.find((a) => a.title === 'Sold edition')).toMatchObject({ saleStatus: 'SOLD' });
    expect(soldOut.remaining).toBe(0);
    expect(soldOut.pieces.map((p) => [p.copy, p.sale, p.custody, p.currentSale?.price?.amount])).toEqual([
      ['1/3', 'sold', 'withBuyer', 5000],
      ['2/3', 'sold', 'withBuyer', 5000],
      ['3/3', 'sold', 'withBuyer', 5000],
      ['AP 1/1', 'sold', 'withBuyer', 5000],
    ]);
    const stored = await read(works.find((a) => a.title === 'Stored edition')!.artworkId);
    expect(stored.pieces.map((p) => [p.copy, p.sale, p.custody, p.place])).toEqual([
      ['1/2', 'available', 'elsewhere', 'Crate 9'],
      ['2/2', 'available', 'elsewhere', 'Crate 9'],
    ]);
    for (const w of works) await t.request(`/api/artwork/${w.artworkId}`, { method: 'DELETE', token: bob });
  });

  it('a real import with one bad row answers 400 with the report by line and column, and writes nothing', async () => {
    const before = (await list()).total;
    const csv = [
      HEADER,
      'Good one,2020,Oil,10,10,,cm,100,EUR,,,,',
      'Bad one,20x0,Oil,-1,10,,yd,-5,EUR,Reserved,,,30/25',
      'Also good,2020,Oil,10,10,,cm,100.999,ABC,,,,',
    ].join('\n');
    const r = await report(await send(csv), 400);
    expect(r).toMatchObject({ code: 'IMPORT_INVALID', imported: 0, message: expect.stringContaining('nothing was imported') });
    expect(r.rows.map((row) => row.ok)).toEqual([true, false, false]);
    const where = (line: number) => r.rows.find((row) => row.line === line)!.errors.map((e) => [e.line, e.column, e.field, e.message]);
    expect(where(3)).toEqual(
      expect.arrayContaining([
        [3, 2, 'year', 'Year must be an integer'],
        [3, 4, 'height', 'Height must be a positive number, such as 40 or 40.5'],
        [3, 7, 'unit', 'Unit must be cm or in'],
        [3, 8, 'price', 'Price cannot be negative'],
        [3, 10, 'status', 'Status must be one of AVAILABLE, SOLD, NOT_FOR_SALE (or empty for AVAILABLE)'],
        [3, 13, 'edition', 'Edition must be a number of copies from 2 to 10000, such as 25 or 25 + 2 AP'],
      ]),
    );
    expect(where(4)).toEqual([[4, 9, 'currency', 'Unknown currency: use an ISO 4217 code such as EUR or USD']]);
    expect((await list()).total).toBe(before);
    // The same file as a dry run: the same report, answered 200.
    const dry = await report(await send(csv, { dryRun: true }), 200);
    expect(dry.rows).toEqual(r.rows);
  });

  it('refuses what it cannot read, naming the line and column: not UTF-8, too many cells, broken quotes, no title column', async () => {
    const latin1 = Buffer.concat([Buffer.from(`${HEADER}\nFirst,2020\nCaf`), Buffer.from([0xe9]), Buffer.from(',2020\n')]);
    const notUtf8 = await report(await send(latin1), 400);
    expect(notUtf8).toMatchObject({ code: 'CSV_UNREADABLE', errors: [{ line: 3, column: 4 }] });
    expect(notUtf8.message).toMatch(/^Line 3, column 4: The file is not UTF-8/);

    const wide = await report(await send(`title,height,width,unit\nOk,1,1,cm,,\nToo,1,1,cm,,x\n`), 400);
    expect(wide.rows[0].errors).toEqual([]);
    expect(wide.rows[1].errors).toEqual([
      { line: 3, column: 6, field: null, message: expect.stringContaining('6 cells, more than the 4 columns') },
    ]);

    const quotes = await report(await send(`title,year\n"Never closed,2020\n`), 400);
    expect(quotes.errors[0]).toMatchObject({ line: expect.any(Number), column: expect.any(Number) });
    expect(quotes.message).toMatch(/^Line \d+, column \d+: The file could not be read as CSV/);

    const noTitle = await report(await send(`year,year\n2020,2021\n`), 400);
    expect(noTitle.errors.map((e) => [e.line, e.column, e.message])).toEqual([
      [1, 2, 'The column year is named twice'],
      [1, 3, 'The file needs the columns title, height, width, unit'],
    ]);
    expect(noTitle.rows[0].errors).toEqual([]);
    expect((await report(await send(''), 400)).errors[0].message).toContain('empty');

    const tooMany = await report(await send(`title,height,width,unit\n${'t,1,1,cm\n'.repeat(10_001)}`), 400);
    expect(tooMany.errors).toEqual([{ line: 10_002, column: 1, field: null, message: 'At most 10,000 works at once: split the file' }]);
    expect(tooMany.imported).toBe(0);
  });

  it('answers 415 for another type, 413 at 50 MB before reading (by Content-Length, or counted as it streams), 401 signed out', async () => {
    expect((await send(`${HEADER}\n`, { type: 'application/json' })).status).toBe(415);
    const declared = await send('title\nx\n', { headers: { 'content-length': String(IMPORT_MAX_BYTES) } });
    expect(declared.status).toBe(413);
    expect(await declared.json()).toMatchObject({ message: expect.stringContaining('under 50 MB') });

    let pulled = 0;
    const mb = new Uint8Array(1024 * 1024).fill(0x61);
    const endless = new ReadableStream<Uint8Array>({
      pull(controller) {
        pulled += 1;
        controller.enqueue(mb);
        if (pulled > 200) controller.close();
      },
    });
    expect((await send(endless)).status).toBe(413);
    expect(pulled).toBeLessThanOrEqual(52);

    const signedOut = await t.request('/api/artwork/import', {
      method: 'POST',
      body: `${HEADER}\n`,
      headers: { 'content-type': 'text/csv' },
    });
    expect(signedOut.status).toBe(401);
    expect((await t.request('/api/artwork/export.csv')).status).toBe(401);

    const doc = (await (await t.request('/api/openapi.json')).json()) as { paths: Record<string, Record<string, unknown>> };
    expect(Object.keys(doc.paths['/artwork/import'])).toEqual(['post']);
    expect(Object.keys(doc.paths['/artwork/export.csv'])).toEqual(['get']);
  });
});
