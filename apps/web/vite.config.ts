import fs from 'node:fs';
import path from 'node:path';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { type BuildEnvironmentOptions, defineConfig, type Plugin } from 'vite';

/**
 * What every HTML page has in its <head>: the theme colour, the icons, the web app manifest (the
 * installable app, decision 144) and the pre-paint theme script (inline, so it costs no request;
 * the server allows it in its CSP by its hash).
 */
function sharedHead(): Plugin {
  const script = path.resolve(import.meta.dirname, 'src/pre-paint-theme.js');
  return {
    name: 'pulsa-shared-head',
    transformIndexHtml: (html) =>
      html.replace('<!--shared-head-->', () =>
        [
          '<meta name="theme-color" content="#0d9488" />',
          '<link rel="icon" href="/favicon.svg" type="image/svg+xml" />',
          '<link rel="manifest" href="/manifest.webmanifest" />',
          '<link rel="apple-touch-icon" href="/icons/icon-192.png" />',
          `<script>\n${fs.readFileSync(script, 'utf8').trim()}\n</script>`,
        ].join('\n    '),
      ),
  };
}

/** Code every page needs: one long-cached chunk shared by the landing and every lazy route. */
const FRAMEWORK =
  /[\\/]node_modules[\\/](react|react-dom|scheduler|react-router|@tanstack[\\/]query-core|@tanstack[\\/]react-query)[\\/]/;
/**
 * Framework modules only the pages use, never the app's start (it holds the cache and reads the
 * session in its guards, but neither observes a query nor sends a mutation): left to follow the
 * lazy routes rather than weigh on the app's first download.
 */
const LAZY_FRAMEWORK =
  /[\\/]@tanstack[\\/](query-core|react-query)[\\/].*[\\/](useQuery|useBaseQuery|queryObserver|useMutation|mutationObserver|QueryErrorResetBoundary|errorBoundaryUtils|suspense|IsRestoringProvider)\.js$/;

/**
 * The browser build: the app; the template of the pages the server renders whole, with their small
 * script; and the template of the app's pages the server renders for the app to hydrate.
 */
const clientBuild: BuildEnvironmentOptions = {
  target: 'es2022',
  // The benchmark reads the manifest to tell which source each chunk came from.
  manifest: true,
  sourcemap: false,
  rolldownOptions: {
    input: {
      index: path.resolve(import.meta.dirname, 'index.html'),
      'static-page': path.resolve(import.meta.dirname, 'static-page.html'),
      'app-page': path.resolve(import.meta.dirname, 'app-page.html'),
    },
    output: {
      // Rolldown's successor of manualChunks: framework code in one shared chunk, the rest split
      // automatically along the lazy routes, so no signed-in area code reaches a public page.
      codeSplitting: {
        groups: [
          {
            name: 'framework',
            test: (id: string) => FRAMEWORK.test(id) && !LAZY_FRAMEWORK.test(id),
            priority: 10,
          },
        ],
      },
    },
  },
};

/**
 * The server's build (`vite build --ssr`), loaded by the server: the renderer of the pages it renders
 * whole (static-page/), and the renderer of the app's pages it renders before the app hydrates them
 * (the sign-in and sign-up forms, app/render-app-page.tsx).
 */
const serverBuild: BuildEnvironmentOptions = {
  target: 'node20',
  outDir: 'dist-ssr',
  emptyOutDir: true,
  copyPublicDir: false,
  sourcemap: false,
  rolldownOptions: {
    input: {
      'render-static-page': path.resolve(import.meta.dirname, 'src/static-page/render-static-page.tsx'),
      'render-app-page': path.resolve(import.meta.dirname, 'src/app/render-app-page.tsx'),
    },
  },
};

export default defineConfig(({ isSsrBuild }) => ({
  plugins: [react(), tailwindcss(), sharedHead()],
  resolve: {
    alias: { '@': path.resolve(import.meta.dirname, 'src') },
  },
  server: {
    port: 5173,
    proxy: {
      '/api': { target: 'http://localhost:3000', changeOrigin: true, ws: true },
    },
  },
  // The shared package ships TypeScript sources: bundle it into the renderer.
  ssr: { noExternal: ['@pulsa/shared'] },
  // Module workers (the password strength checker), split like the app: the dictionary is a chunk
  // of its own, loaded by the worker.
  worker: { format: 'es' },
  build: isSsrBuild ? serverBuild : clientBuild,
}));
