import { defineConfig } from 'vite';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import type { Plugin } from 'vite';
import { messageFilesPlugin } from './src/node/build/message-files.js';
import { classNamesPlugin } from './src/node/build/class-names.js';

const ROOT = fileURLToPath(new URL('.', import.meta.url));

const BLOCK_MODULE = /src\/client\/(blocks|modals\/items)\/([^/]+)\/index\.ts$/;

/**
 * Writes `.vite/blocks.json`: `__component` → the chunk holding its block and
 * the chunks that chunk imports. The prerender turns it into per-page
 * `modulepreload` hints (src/node/build/hints.ts). Read from the bundle itself
 * because the bundler (Rolldown, under Vite 8) may merge a block's entry into a shared chunk, which Vite's
 * manifest then lists under the chunk's name instead of the block's file.
 */
function blockChunksManifest(): Plugin {
  return {
    name: 'marea-block-chunks',
    apply: 'build',
    generateBundle(_options, bundle) {
      const blocks: Record<string, { file: string; imports: string[] }> = {};
      const imports: Record<string, string[]> = {};
      for (const chunk of Object.values(bundle)) {
        if (chunk.type !== 'chunk') continue;
        imports[chunk.fileName] = chunk.imports;
        for (const id of chunk.moduleIds) {
          const match = BLOCK_MODULE.exec(id);
          if (match) blocks[`${match[1] === 'blocks' ? 'blocks' : 'modals'}.${match[2]}`] = { file: chunk.fileName, imports: chunk.imports };
        }
      }
      const entry = Object.values(bundle).find((c) => c.type === 'chunk' && c.isEntry)?.fileName ?? null;
      this.emitFile({ type: 'asset', fileName: '.vite/blocks.json', source: JSON.stringify({ entry, blocks, imports }, null, 1) });
    },
  };
}

/**
 * One Vite config for the client bundle, the server (SSR) bundle and tests.
 * The build script (src/node/build/bundle.ts) sets `outDir` and `ssr` itself;
 * what is here is what both bundles share.
 */
export default defineConfig({
  // classNamesPlugin: short class names in the stylesheet, the HTML and the JavaScript of both bundles (class-names.ts).
  plugins: [react(), blockChunksManifest(), messageFilesPlugin(ROOT), classNamesPlugin(ROOT)],
  resolve: {
    // vite-react-ssg's HelmetProvider, unused here (src/client/lib/helmet-stub.tsx says why).
    alias: [{ find: /^react-helmet-async$/, replacement: fileURLToPath(new URL('./src/client/lib/helmet-stub.tsx', import.meta.url)) }],
  },
  // Only PUBLIC_* variables reach the browser (CMS_TOKEN must never ship).
  envPrefix: 'PUBLIC_',
  build: {
    target: 'es2020',
    // No modulepreload polyfill (0.5 KB of every first view): every browser since Safari 17 and Firefox 115 preloads
    // modules itself; an older one loads each module when it is imported, which works, a little later.
    modulePreload: { polyfill: false },
    // Hashed, immutable asset names (netlify.toml caches /assets/* for a year).
    assetsDir: 'assets',
    // The manifest tells the prerender which lazy chunk hydration needs first (modulepreload).
    manifest: true,
    sourcemap: false,
    // One stylesheet in the page head for every block: block chunks load
    // before hydration, after first paint, so CSS split with them would show
    // unstyled server HTML and shift the layout (CLS). All block CSS is a few KB gzip.
    cssCodeSplit: false,
    reportCompressedSize: false,
    rolldownOptions: {
      output: {
        // Block chunks named after their block (`block-carousel-<hash>.js`), so size reports read plainly.
        chunkFileNames: (chunk) => {
          const match = BLOCK_MODULE.exec(chunk.facadeModuleId ?? chunk.moduleIds.find((id) => BLOCK_MODULE.test(id)) ?? '');
          return match ? `assets/${match[1] === 'blocks' ? 'block' : 'modal'}-${match[2]}-[hash].js` : 'assets/[name]-[hash].js';
        },
      },
      onwarn(warning, warn) {
        // react-helmet-async (inside vite-react-ssg) ships misplaced /*#__PURE__*/ comments: harmless noise.
        if (warning.code === 'INVALID_ANNOTATION') return;
        warn(warning);
      },
    },
  },
  ssr: {
    // Bundle everything the server render needs so the prerender imports one file.
    noExternal: true,
  },
});
