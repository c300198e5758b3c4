import fs from 'node:fs/promises';
import path from 'node:path';
import { kb } from './support';

/** Where `npm run bench` has the build write rollup-plugin-visualizer's treemap and figures (see vite.config.ts). */
export const BUNDLE_STATS_DIR = path.resolve('.tmp/bundle-stats');
const TOP = 15;

interface TreeNode {
  name: string;
  uid?: string;
  children?: TreeNode[];
}
interface Stats {
  tree: TreeNode;
  nodeParts: Record<string, { renderedLength: number; metaUid: string }>;
  nodeMetas: Record<string, { id: string }>;
}

/** A module's package (node_modules/@scope/name) or, for the app's own code, its path. */
const ownerOf = (id: string) => id.match(/node_modules\/((@[^/]+\/)?[^/]+)/)?.[1] ?? id.replace(/^\//, '');

/**
 * What the scripts of the sign-in page hold: the entry and every chunk dist/index.html preloads, from the
 * visualizer's figures (minified bytes per module, read from the source maps). Markdown for BENCHMARKS.md: the
 * largest packages and app modules, and each file's total.
 */
export async function signInBundleContents(distDir = 'dist'): Promise<string> {
  const html = await fs.readFile(path.join(distDir, 'index.html'), 'utf8');
  const files = [...html.matchAll(/<(?:script[^>]*src|link[^>]*rel="modulepreload"[^>]*href)="\/([^"]+\.js)"/g)].map((m) => m[1]);
  const stats = JSON.parse(await fs.readFile(path.join(BUNDLE_STATS_DIR, 'bundle.json'), 'utf8')) as Stats;

  const owners = new Map<string, { bytes: number; files: Set<string> }>();
  const totals: Array<[string, number]> = [];
  for (const file of files) {
    const chunk = stats.tree.children?.find((c) => c.name === file);
    if (!chunk) throw new Error(`${file} is not in ${BUNDLE_STATS_DIR}/bundle.json: was the build made with BUNDLE_STATS_DIR?`);
    let total = 0;
    const walk = (node: TreeNode) => {
      if (node.uid) {
        const part = stats.nodeParts[node.uid];
        const owner = ownerOf(stats.nodeMetas[part.metaUid].id);
        const entry = owners.get(owner) ?? { bytes: 0, files: new Set<string>() };
        entry.bytes += part.renderedLength;
        entry.files.add(path.basename(file).replace(/-[\w-]{8}\.js$/, ''));
        owners.set(owner, entry);
        total += part.renderedLength;
      }
      node.children?.forEach(walk);
    };
    walk(chunk);
    totals.push([path.basename(file), total]);
  }
  const sum = totals.reduce((s, [, n]) => s + n, 0);
  const largest = [...owners].sort((a, b) => b[1].bytes - a[1].bytes).slice(0, TOP);
  return (
    `What the sign-in page's ${files.length} scripts hold, ${kb(sum)} minified before compression ` +
    `(the treemap: ${path.relative(process.cwd(), BUNDLE_STATS_DIR)}/bundle.html, written by the build npm run bench makes, not served):\n\n` +
    `| Package or module | Minified | Share | In |\n|---|---|---|---|\n` +
    largest
      .map(([owner, { bytes, files: f }]) => `| ${owner} | ${kb(bytes)} | ${((bytes / sum) * 100).toFixed(1)}% | ${[...f].join(', ')} |`)
      .join('\n') +
    `\n\nPer file: ${totals.map(([f, n]) => `${f} ${kb(n)}`).join(', ')}.\n`
  );
}
