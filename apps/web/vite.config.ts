import path from 'node:path';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

/** Code every page needs: one long-cached chunk shared by the landing and every lazy route. */
const FRAMEWORK =
  /[\\/]node_modules[\\/](react|react-dom|scheduler|react-router|@tanstack[\\/]query-core|@tanstack[\\/]react-query)[\\/]/;

export default defineConfig({
  plugins: [react(), tailwindcss()],
  resolve: {
    alias: { '@': path.resolve(import.meta.dirname, 'src') },
  },
  server: {
    port: 5173,
    proxy: {
      '/api': { target: 'http://localhost:3000', changeOrigin: true, ws: true },
    },
  },
  build: {
    target: 'es2022',
    // The benchmark reads the manifest to tell which source each chunk came from.
    manifest: true,
    sourcemap: false,
    rolldownOptions: {
      output: {
        // Rolldown's successor of manualChunks: framework code in one shared chunk, the rest split
        // automatically along the lazy routes, so no signed-in area code reaches a public page.
        codeSplitting: {
          groups: [{ name: 'framework', test: FRAMEWORK, priority: 10 }],
        },
      },
    },
  },
});
