import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { moveSourceMaps } from '../../scripts/private-source-maps';

describe('the build keeps source maps out of what is served', () => {
  let root: string;
  let dist: string;
  let maps: string;
  beforeEach(async () => {
    root = await fs.mkdtemp(path.join(os.tmpdir(), 'studio-maps-'));
    dist = path.join(root, 'dist');
    maps = path.join(root, 'dist-sourcemaps');
    await fs.mkdir(path.join(dist, 'assets'), { recursive: true });
    await fs.writeFile(path.join(dist, 'index.html'), '<!doctype html>');
    await fs.writeFile(path.join(dist, 'assets/index-1.js'), 'console.log(1);\n');
    await fs.writeFile(path.join(dist, 'assets/index-1.js.map'), '{"version":3}');
    await fs.writeFile(path.join(dist, 'assets/style-1.css.map'), '{"version":3}');
    await fs.mkdir(path.join(maps, 'assets'), { recursive: true });
    await fs.writeFile(path.join(maps, 'assets/old-0.js.map'), '{"version":3}');
  });
  afterEach(() => fs.rm(root, { recursive: true, force: true }));

  const list = async (dir: string) => (await fs.readdir(dir, { recursive: true })).sort();

  it('moves every map to dist-sourcemaps under the same path, leaving the rest', async () => {
    expect(await moveSourceMaps(dist, maps)).toBe(2);
    expect(await list(dist)).toEqual(['assets', 'assets/index-1.js', 'index.html']);
    expect(await list(maps)).toEqual(['assets', 'assets/index-1.js.map', 'assets/style-1.css.map']);
  });

  it('fails the build when a script still points to its map', async () => {
    await fs.writeFile(path.join(dist, 'assets/index-1.js'), 'console.log(1);\n//# sourceMappingURL=index-1.js.map\n');
    await expect(moveSourceMaps(dist, maps)).rejects.toThrow('assets/index-1.js');
    expect(await list(dist)).toContain('assets/index-1.js.map');
  });
});
