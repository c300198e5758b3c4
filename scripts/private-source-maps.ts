/**
 * Source maps are for reading error reports, not for visitors: the build writes them hidden (no script names
 * one), and this plugin then moves every *.map out of the served folder into one that is never served, keeping
 * its relative path (dist/assets/index-abc.js.map -> dist-sourcemaps/assets/index-abc.js.map). It also fails the
 * build if any script or style still points to a map, so a changed setting cannot publish them unnoticed.
 */
import fs from 'node:fs/promises';
import path from 'node:path';
import type { Plugin } from 'vite';

const POINTER = /[#@]\s*sourceMappingURL=/;

async function filesUnder(dir: string): Promise<string[]> {
  const entries = await fs.readdir(dir, { withFileTypes: true, recursive: true });
  return entries.filter((e) => e.isFile()).map((e) => path.join(e.parentPath, e.name));
}

/** Moves the maps of `outDir` into `mapsDir` (emptied first); throws when a built file points to a map. */
export async function moveSourceMaps(outDir: string, mapsDir: string) {
  const files = await filesUnder(outDir);
  const pointing: string[] = [];
  for (const file of files.filter((f) => /\.(m?js|css)$/.test(f))) {
    if (POINTER.test(await fs.readFile(file, 'utf8'))) pointing.push(path.relative(outDir, file));
  }
  if (pointing.length) throw new Error(`These built files point to a source map, which visitors must not get: ${pointing.join(', ')}`);
  await fs.rm(mapsDir, { recursive: true, force: true });
  const maps = files.filter((f) => f.endsWith('.map'));
  for (const map of maps) {
    const target = path.join(mapsDir, path.relative(outDir, map));
    await fs.mkdir(path.dirname(target), { recursive: true });
    await fs.rename(map, target);
  }
  return maps.length;
}

export function privateSourceMaps(mapsDir = 'dist-sourcemaps'): Plugin {
  let outDir = 'dist';
  return {
    name: 'private-source-maps',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    closeBundle: {
      order: 'post',
      sequential: true,
      async handler() {
        await moveSourceMaps(outDir, path.resolve(mapsDir));
      },
    },
  };
}
