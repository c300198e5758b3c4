import { readdirSync, readFileSync } from 'node:fs';
import { join, posix, relative, sep } from 'node:path';
import { describe, expect, it } from 'vitest';

// Server folders depend one way (docs/server-layers.md): no two folders under server/ import each other. The pairs
// that still did were listed below, and are all untied; the list may only shrink.
const PAIRS_YET_TO_UNTIE: string[] = [];

const SERVER = join(import.meta.dirname, '../../server');

/** Every relative specifier of a file: `from '…'` (import and export), `import('…')` and bare `import '…'`. */
const relativeImports = (source: string): string[] => {
  const found: string[] = [];
  const patterns = [/\bfrom\s+['"](\.[^'"]*)['"]/g, /\bimport\s*\(\s*['"](\.[^'"]*)['"]\s*\)/g, /\bimport\s+['"](\.[^'"]*)['"]/g];
  for (const pattern of patterns) for (const match of source.matchAll(pattern)) found.push(match[1]);
  return found;
};

/** The top folder under server/ of a path relative to server/, or undefined for a file directly in server/. */
const topFolder = (path: string): string | undefined => {
  const parts = path.split('/');
  return parts.length > 1 && parts[0] !== '..' ? parts[0] : undefined;
};

/** The pairs of folders that import each other, as 'a<->b' (a before b), sorted. Keys are paths under server/. */
const foldersImportingEachOther = (files: Record<string, string>): string[] => {
  const edges = new Set<string>();
  for (const [file, source] of Object.entries(files)) {
    const from = topFolder(file);
    if (!from) continue;
    for (const specifier of relativeImports(source)) {
      const to = topFolder(posix.normalize(posix.join(posix.dirname(file), specifier)));
      if (to && to !== from) edges.add(`${from}->${to}`);
    }
  }
  const pairs = new Set<string>();
  for (const edge of edges) {
    const [a, b] = edge.split('->');
    if (edges.has(`${b}->${a}`)) pairs.add(a < b ? `${a}<->${b}` : `${b}<->${a}`);
  }
  return [...pairs].sort();
};

const serverFiles = (): Record<string, string> => {
  const files: Record<string, string> = {};
  for (const entry of readdirSync(SERVER, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile() || !entry.name.endsWith('.ts')) continue;
    const path = join(entry.parentPath, entry.name);
    files[relative(SERVER, path).split(sep).join('/')] = readFileSync(path, 'utf8');
  }
  return files;
};

describe('server folders depend one way', () => {
  it('no folders import each other but the pairs yet to untie', () => {
    expect(foldersImportingEachOther(serverFiles())).toEqual([...PAIRS_YET_TO_UNTIE].sort());
  });

  it('finds a pair in a fixture, type-only, dynamic and re-exports included', () => {
    expect(
      foldersImportingEachOther({
        'a/one.ts': "import type { B } from '../b/two';",
        'b/two.ts': "export { one } from '../a/one';",
        'c/three.ts': "const d = await import('../d/four');",
        'd/four.ts': "import { x } from './five';\nimport { e } from '../errors';",
        'd/sub/six.ts': "import { c } from '../../c/three';",
        'e/seven.ts': "import { a } from '../a/one';",
      }),
    ).toEqual(['a<->b', 'c<->d']);
  });

  it('keeps a file of server/ out of the folders', () => {
    expect(foldersImportingEachOther({ 'a/one.ts': "import '../app';", 'app.ts': "import './a/one';" })).toEqual([]);
  });
});
