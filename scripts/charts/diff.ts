/**
 * `npm run charts -- --diff <git-ref>`: every machine compared with its version at that revision.
 * The machines folder's top directory (`src` for src/machines) is taken from git at the ref (`git archive`) into a
 * temporary folder beside a link to node_modules, its machines imported with tsx like the working tree's, and the
 * folder removed. Writes <out>/diff/index.html, <name>.svg and <name>.html per changed machine; returns the summary.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { instance } from '@viz-js/viz';
import { diffCharts, diffDot, DIFF_COLOURS, formatChartDiff, shapeOf, type ChartDiff } from '../../src/qa/chart-diff';
import { findMachines, type FoundMachine } from './find-machines';

export class DiffError extends Error {}

const git = (cwd: string, args: string[]) => execFileSync('git', args, { cwd, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] }).trim();

/** The nearest node_modules at or above `dir`. */
function nodeModulesFor(dir: string): string | undefined {
  for (let at = resolve(dir); ; at = dirname(at)) {
    if (existsSync(join(at, 'node_modules'))) return join(at, 'node_modules');
    if (dirname(at) === at) return undefined;
  }
}

/** The machines of `machinesDir` as they were at `ref` (none when the folder did not exist then). */
export async function machinesAtRef(machinesDir: string, ref: string): Promise<{ machines: FoundMachine[]; commit: string }> {
  let root: string;
  let commit: string;
  try {
    root = git(machinesDir, ['rev-parse', '--show-toplevel']);
  } catch {
    throw new DiffError(`${machinesDir} is not in a git checkout: nothing to compare with.`);
  }
  try {
    commit = git(root, ['rev-parse', '--verify', '--quiet', `${ref}^{commit}`]);
  } catch {
    throw new DiffError(`No commit ${ref} in this clone (a shallow or single-commit clone has no history to compare with).`);
  }
  const inRepo = relative(root, resolve(machinesDir)).split(sep).join('/');
  const top = inRepo.split('/')[0] || '.';
  const tmp = mkdtempSync(join(tmpdir(), 'charts-diff-'));
  try {
    const listed = git(root, ['ls-tree', '--name-only', commit, '--', top, 'package.json']).split('\n').filter(Boolean);
    if (!listed.includes(top) && top !== '.') return { machines: [], commit };
    const archive = execFileSync('git', ['archive', '--format=tar', commit, '--', ...listed], { cwd: root, maxBuffer: 1 << 30 });
    execFileSync('tar', ['-x', '-C', tmp], { input: archive });
    if (!listed.includes('package.json')) writeFileSync(join(tmp, 'package.json'), '{ "type": "module" }\n');
    const modules = nodeModulesFor(root) ?? nodeModulesFor(process.cwd());
    if (modules) symlinkSync(modules, join(tmp, 'node_modules'), 'dir');
    const dir = join(tmp, inRepo);
    if (!existsSync(dir)) return { machines: [], commit };
    return { machines: await findMachines(dir), commit };
  } finally {
    rmSync(tmp, { recursive: true, force: true });
  }
}

export interface DiffResult {
  ref: string;
  commit: string;
  diffs: Array<ChartDiff & { name: string }>;
  summary: string;
  written: string[];
}

const escapeHtml = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
const inlineSvg = (svg: string) => svg.slice(svg.indexOf('<svg'));

const STYLE = `body { font-family: system-ui, sans-serif; margin: 2rem; color: #0f172a; }
small { color: #64748b; font-weight: normal; }
.chart { overflow: auto; border: 1px solid #e2e8f0; border-radius: 8px; padding: 1rem; }
.chart svg { max-width: none; height: auto; }
.legend span { display: inline-block; margin-right: 1.5rem; }
.added { color: ${DIFF_COLOURS.added}; } .removed { color: ${DIFF_COLOURS.removed}; } .changed { color: ${DIFF_COLOURS.changed}; }
pre { background: #f8fafc; padding: 1rem; border-radius: 8px; overflow: auto; }`;

const LEGEND = `<p class="legend"><span class="added">━ added</span><span class="removed">┅ removed (drawn from the old version)</span><span class="changed">━ changed (target, guard or actions)</span></p>`;

const page = (title: string, body: string) => `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<title>${escapeHtml(title)}</title>
<style>
${STYLE}
</style>
</head>
<body>
${body}
</body>
</html>
`;

/** Compares the working tree's machines with those at `ref`, writes `<outDir>/diff/` and returns the summary. */
export async function writeDiff({ machinesDir, outDir, ref }: { machinesDir: string; outDir: string; ref: string }): Promise<DiffResult> {
  const { machines: before, commit } = await machinesAtRef(machinesDir, ref);
  const after = await findMachines(machinesDir);
  const oldById = new Map(before.map((m) => [m.machine.id, m]));
  const newById = new Map(after.map((m) => [m.machine.id, m]));
  const ids = [...new Set([...newById.keys(), ...oldById.keys()])].sort();
  const diffs = ids.map((id) => {
    const [o, n] = [oldById.get(id), newById.get(id)];
    return { ...diffCharts(o && shapeOf(o.machine), n && shapeOf(n.machine)), name: (n ?? o)!.name };
  });

  const dir = join(outDir, 'diff');
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  const viz = await instance();
  const written: string[] = [];
  const short = commit.slice(0, 12);
  for (const diff of diffs.filter((d) => d.status === 'changed')) {
    const result = viz.render(diffDot(newById.get(diff.id)!.machine, diff), { format: 'svg' });
    if (result.status === 'failure') throw new Error(`Graphviz could not draw the diff of ${diff.name}:\n${result.errors.map((e) => e.message).join('\n')}`);
    writeFileSync(join(dir, `${diff.name}.svg`), result.output);
    const body = `<h1>${escapeHtml(diff.name)} <small>machine <code>${escapeHtml(diff.id)}</code> against <code>${escapeHtml(ref)}</code> (${short})</small></h1>
<p><a href="index.html">All machines</a> · <a href="${diff.name}.svg">svg</a></p>
${LEGEND}
<div class="chart">${inlineSvg(result.output)}</div>
<pre>${escapeHtml(formatChartDiff(diff, diff.name).join('\n'))}</pre>`;
    writeFileSync(join(dir, `${diff.name}.html`), page(`${diff.name}: chart diff`, body));
    written.push(join(dir, `${diff.name}.svg`), join(dir, `${diff.name}.html`));
  }

  const groups = (['changed', 'new', 'removed', 'unchanged'] as const).map((status) => {
    const items = diffs.filter((d) => d.status === status);
    const li = items
      .map((d) => {
        const name = status === 'changed' ? `<a href="${d.name}.html">${escapeHtml(d.name)}</a>` : escapeHtml(d.name);
        const counts =
          status === 'changed'
            ? ` <small>+${d.addedStates.length}/-${d.removedStates.length} states, +${d.addedTransitions.length}/-${d.removedTransitions.length} transitions, ~${d.changedTransitions.length} changed</small>`
            : '';
        return `<li data-machine="${escapeHtml(d.id)}" data-status="${status}">${name} <small><code>${escapeHtml(d.id)}</code></small>${counts}</li>`;
      })
      .join('\n');
    return `<section id="${status}"><h2>${status[0].toUpperCase()}${status.slice(1)} (${items.length})</h2>${items.length ? `<ul>\n${li}\n</ul>` : '<p>None.</p>'}</section>`;
  });
  const summary = formatSummary(diffs, ref, short);
  const index = `<h1>Chart diff <small>working tree against <code>${escapeHtml(ref)}</code> (${short})</small></h1>
<p>Generated by <code>npm run charts -- --diff ${escapeHtml(ref)}</code>. States are matched by id, transitions by source, event and index (their ids); a changed transition kept its id but not its target, guard or actions.</p>
${LEGEND}
${groups.join('\n')}
<h2>Summary</h2>
<pre>${escapeHtml(summary)}</pre>`;
  writeFileSync(join(dir, 'index.html'), page('Chart diff', index));
  written.push(join(dir, 'index.html'));
  return { ref, commit, diffs, summary, written };
}

/** The plain-text summary CI prints: one block per changed, new or removed machine, then how many are unchanged. */
export function formatSummary(diffs: Array<ChartDiff & { name: string }>, ref: string, commit: string): string {
  const touched = diffs.filter((d) => d.status !== 'unchanged');
  const unchanged = diffs.length - touched.length;
  return [
    `Charts compared with ${ref} (${commit}): ${touched.length ? `${touched.length} machine(s) differ` : 'no machine differs'}, ${unchanged} unchanged.`,
    ...touched.flatMap((d) => formatChartDiff(d, d.name)),
  ].join('\n');
}
