import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

// The API base is '/api' on the same origin unless VITE_API_BASE points elsewhere at build time.
export default defineConfig({
  plugins: [react()],
  resolve: { alias: { 'styled-system': new URL('./styled-system', import.meta.url).pathname } },
  server: { proxy: { '/api': `http://localhost:${process.env.PORT ?? 8080}` } },
  build: { outDir: 'dist', sourcemap: true, chunkSizeWarningLimit: 800 },
});
