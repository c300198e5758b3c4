import { randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { loadConfig } from '../server/config';
import type { AppDeps } from '../server/context';
import { artworks, uploads, users } from '../server/db/schema';
import { createDeps } from '../server/deps';
import { createLogger } from '../server/log';
import { processArtworkMedia } from '../server/media/media.processor';
import { INPUT_OPTIONS, VARIANTS, WEBP_OPTIONS } from '../server/media/media.variants';
import { makeJpeg } from '../test/support/portfolio';
import { median, type BudgetResult } from './support';

const VARIANT_RUNS = 5;
const VARIANT_BUDGET = 1.3;

/** Sharp alone: each variant straight from the bytes in memory, all at once, with the same settings. */
async function sharpAlone(jpeg: Buffer) {
  await Promise.all(
    Object.values(VARIANTS).map((v) =>
      sharp(jpeg, INPUT_OPTIONS)
        .autoOrient()
        .resize(
          v.width,
          v.height,
          v.fit === 'cover' ? { fit: 'cover', position: 'attention' } : { fit: 'inside', withoutEnlargement: true },
        )
        .webp(WEBP_OPTIONS)
        .toBuffer(),
    ),
  );
}

/** Our path: the upload processor as a confirmed upload runs it (read from storage, variants, store them, record). */
export async function measureVariants(): Promise<BudgetResult> {
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'bench-variants-'));
  let deps: AppDeps | undefined;
  try {
    const config = loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent', JWT_SECRET: 'bench-secret-bench-secret-bench-secret' });
    deps = await createDeps(config, createLogger('silent'));
    const [user] = await deps.db.insert(users).values({ email: 'variants@example.com', passwordHash: 'x' }).returning();
    const [artwork] = await deps.db
      .insert(artworks)
      .values({
        userId: user.id,
        saleStatus: 'AVAILABLE',
        mediaType: 'PHYSICAL_2D',
        dimensions: { mediaType: 'PHYSICAL_2D', measurementSystem: 'metric', height: 1, width: 1 },
      })
      .returning();
    const jpeg = await makeJpeg(4000, 3000, { quality: 90 });

    const ours = async () => {
      const id = randomUUID();
      const storageKey = `uploads/${user.id}/${id}`;
      await deps!.storage.put(storageKey, jpeg, 'image/jpeg');
      const [upload] = await deps!.db
        .insert(uploads)
        .values({
          id,
          userId: user.id,
          purpose: 'artwork-media',
          targetId: artwork.id,
          storageKey,
          fileName: 'photo.jpg',
          contentType: 'image/jpeg',
          declaredBytes: jpeg.length,
          expiresAt: new Date(Date.now() + 60_000),
        })
        .returning();
      const started = performance.now();
      await processArtworkMedia(deps!, upload);
      return performance.now() - started;
    };
    const alone = async () => {
      const started = performance.now();
      await sharpAlone(jpeg);
      return performance.now() - started;
    };

    await ours();
    await alone();
    const oursMs: number[] = [];
    const aloneMs: number[] = [];
    // Interleaved, so both see the same machine.
    for (let i = 0; i < VARIANT_RUNS; i++) {
      oursMs.push(await ours());
      aloneMs.push(await alone());
    }
    const ratio = median(oursMs) / median(aloneMs);
    return {
      name: 'Variants of a 12-megapixel JPEG: our processor vs sharp alone',
      budget: `<= ${VARIANT_BUDGET}x`,
      measured: `${ratio.toFixed(2)}x (ours ${median(oursMs).toFixed(0)} ms: ${oursMs.map((m) => m.toFixed(0)).join(', ')}; sharp alone ${median(aloneMs).toFixed(0)} ms: ${aloneMs.map((m) => m.toFixed(0)).join(', ')}; JPEG ${(jpeg.length / 1024 / 1024).toFixed(1)} MB)`,
      pass: ratio <= VARIANT_BUDGET,
      method:
        `Medians of ${VARIANT_RUNS} interleaved runs after one warm-up each, in the bench process: a 4000 x 3000 gradient-and-noise JPEG at quality 90; ` +
        "ours is the 'artwork-media' upload processor end to end (reads the file from local storage, makes smCrop/sm/preview/medium/large WebP, stores them, " +
        'moves the original, records the row); sharp alone makes the same five variants from the bytes in memory with the same settings, all at once.',
    };
  } finally {
    await deps?.database.close();
    await fs.rm(dataDir, { recursive: true, force: true });
  }
}
