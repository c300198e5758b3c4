import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { compression, defineAlgorithm } from 'vite-plugin-compression2';
import { constants } from 'node:zlib';
import { visualizer } from 'rollup-plugin-visualizer';
import { privateSourceMaps } from './scripts/private-source-maps.ts';
import { qaDevOn, qaDevReport, qaEntry } from './scripts/qa-dev-plugin.ts';

// Text assets are compressed once at build time at the highest levels, so every visitor receives the smallest
// files without the server spending CPU per request (server/http/static.ts picks one by Accept-Encoding).
// Already-compressed formats (woff2, images) and source maps (never served) are left alone.
const precompress = compression({
  include: /\.(js|mjs|css|html|svg|json|txt|ttf|otf)$/,
  threshold: 0,
  skipIfLargerOrEqual: true,
  logLevel: 'silent',
  algorithms: [
    defineAlgorithm('brotliCompress', { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
    defineAlgorithm('gzip', { level: 9 }),
  ],
});

// What each chunk holds, module by module, in minified bytes read from the source maps: written only when
// BUNDLE_STATS_DIR names a folder (npm run bench sets it), never into dist/, so visitors are never served it and
// a plain build is unchanged. A treemap to open in a browser, and the same figures as JSON for the bench.
const statsDir = process.env.BUNDLE_STATS_DIR;
const bundleStats = statsDir
  ? (['treemap', 'raw-data'] as const).map((template) =>
      visualizer({
        template,
        sourcemap: true,
        filename: `${statsDir}/bundle.${template === 'treemap' ? 'html' : 'json'}`,
        title: 'Artist Studio bundle',
      }),
    )
  : [];

// Two builds (npm run build): the app from src/main.tsx into dist/, which knows nothing of the QA studio, and QA mode's
// (`vite build --mode qa`) from src/qa/main.tsx into dist/qa/, the same app framed by the studio, which the server
// serves instead when QA_TOOLS=true (server/http/static.ts). `npm run dev` serves the QA one unless QA_TOOLS=false.
// The API base is '/api' on the same origin unless VITE_API_BASE points elsewhere at build time.
export default defineConfig(({ command, mode }) => {
  const qa = mode === 'qa' || (command === 'serve' && qaDevOn());
  // Panda's PostCSS plugin reads panda.config.ts in this process: without QA, the studio's classes stay out of the CSS.
  if (!qa) process.env.PANDA_WITHOUT_QA = '1';
  return {
    plugins: [
      react(),
      precompress,
      ...(qa ? [qaEntry(), qaDevReport()] : bundleStats),
      privateSourceMaps(qa ? 'dist-sourcemaps/qa' : 'dist-sourcemaps'),
    ],
    resolve: { alias: { 'styled-system': new URL('./styled-system', import.meta.url).pathname } },
    // /oauth: the Bluesky OAuth callback comes back to the dev server's own address (APP_URL) and goes on to the API's.
    server: { proxy: { '/api': `http://localhost:${process.env.PORT ?? 8080}`, '/oauth': `http://localhost:${process.env.PORT ?? 8080}` } },
    build: {
      outDir: qa ? 'dist/qa' : 'dist',
      // Source maps are kept for reading error reports, but no script points to them and they leave dist/ for
      // dist-sourcemaps/, which nothing serves (scripts/private-source-maps.ts; the server refuses *.map as well).
      sourcemap: 'hidden',
      chunkSizeWarningLimit: 800,
      rolldownOptions: {
        // Panda's generated prop check carries a purity comment the bundler cannot place; it changes nothing in
        // the output, so the build says nothing about it. Plugin timings are for profiling, not for every build.
        checks: { invalidAnnotation: false, pluginTimings: false },
        output: {
          // Everything the first screen needs statically travels as one script: one response's headers instead of a
          // dozen, and one Brotli stream whose window spans React, XState and zod together.
          codeSplitting: { groups: [{ name: 'initial', tags: ['$initial'] }] },
        },
      },
    },
  };
});
