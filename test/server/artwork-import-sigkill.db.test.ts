import fs from 'node:fs/promises';
import { afterAll, describe, expect, it } from 'vitest';
import { artworkPageSchema } from '../../src/schemas/artwork.schema';
import { startServer, type RunningServer } from '../support/browser';
import { crashServerEnv } from '../support/crash-server';
import { inventoryCsv } from '../support/inventory-csv';
import { signUpOn } from '../support/social';
import { dbLabel } from '../support/test-db';

const ROWS = 5_000;

/**
 * The server is killed with SIGKILL while it imports 5,000 works, at moments further and further into the import.
 * Started again on the same data, the artist has none of them or all of them, never a part; an import that finishes
 * after the restarts has all of them.
 */
describe(`a CSV import through kill -9 (${dbLabel()})`, () => {
  let server: RunningServer | undefined;
  let dataDir = '';
  const spareDirs: string[] = [];
  afterAll(async () => {
    await server?.stop();
    for (const dir of [...spareDirs, dataDir]) if (dir) await fs.rm(dir, { recursive: true, force: true });
  });

  it('leaves nothing or everything of an import killed in flight', async () => {
    const crash = await crashServerEnv('studio-import-crash-');
    dataDir = crash.dataDir;
    const start = async () => {
      const started = await startServer(crash.env);
      spareDirs.push(started.dataDir);
      // The token names the address it was issued for: the instance started again answers at the same one.
      crash.env.APP_URL ??= started.url;
      crash.env.PORT ??= String(new URL(started.url).port);
      return started;
    };
    server = await start();
    const token = await signUpOn({ ...server, dataDir });
    const csv = inventoryCsv(ROWS);
    const total = async () => {
      const res = await fetch(`${server!.url}/api/artwork?pageSize=1`, { headers: { authorization: `Bearer ${token}` } });
      expect(res.status).toBe(200);
      return artworkPageSchema.parse(await res.json()).total;
    };
    const importing = () =>
      fetch(`${server!.url}/api/artwork/import`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'text/csv' },
        body: csv,
      });

    let expected = 0;
    for (const delayMs of [300, 1_200, 2_500]) {
      let answered = false;
      const pending = importing().then(
        (res) => ((answered = true), res.status),
        () => 'cut' as const,
      );
      await new Promise((resolve) => setTimeout(resolve, delayMs));
      const killed = server;
      process.kill(killed.pid, 'SIGKILL');
      expect(await killed.exited).toBe('SIGKILL');
      const outcome = await pending;
      server = await start();
      const now = await total();
      // Answered 201 before the kill: all of it is there; cut off: none or all of it, never a part.
      if (answered) expect([outcome, now]).toEqual([201, expected + ROWS]);
      else expect([expected, expected + ROWS]).toContain(now);
      expected = now;
    }

    const done = await importing();
    expect(done.status).toBe(201);
    expect(await total()).toBe(expected + ROWS);
  }, 300_000);
});
