/**
 * Compiles the server to plain JavaScript in dist-server/, so production runs without a TypeScript loader (which
 * keeps every module's source and map in memory: about 90 MB of a small server's RSS). Dependencies stay in
 * node_modules; the migrations are copied beside the bundle, where the database code looks for them. The source
 * map is written for reading a stack trace from the logs, not loaded at run time (--enable-source-maps would hold
 * it in memory, about 30 MB).
 */
import fs from 'node:fs/promises';
import { build } from 'esbuild';

const outdir = 'dist-server';
await fs.rm(outdir, { recursive: true, force: true });
await build({
  entryPoints: { main: 'server/main.ts', 'pglite-create': 'server/db/pglite-create.ts' },
  outdir,
  outExtension: { '.js': '.mjs' },
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  packages: 'external',
  sourcemap: true,
  logLevel: 'warning',
});
await fs.cp('server/db/migrations', `${outdir}/migrations`, { recursive: true });
