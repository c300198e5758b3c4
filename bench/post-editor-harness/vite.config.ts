import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

// The post editor typing benchmark's page: the real editor, production build, styled like the app.
export default defineConfig({
  root: new URL('.', import.meta.url).pathname,
  base: './',
  logLevel: 'warn',
  plugins: [react()],
  resolve: { alias: { 'styled-system': new URL('../../styled-system', import.meta.url).pathname } },
  css: { postcss: new URL('../..', import.meta.url).pathname },
  build: { emptyOutDir: true },
});
