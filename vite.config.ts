import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

/**
 * One Vite config for the client bundle, the server (SSR) bundle and tests.
 * The build script (src/node/build/bundle.ts) sets `outDir` and `ssr` itself;
 * what is here is what both bundles share.
 */
export default defineConfig({
  plugins: [react()],
  // Only PUBLIC_* variables reach the browser (CMS_TOKEN must never ship).
  envPrefix: 'PUBLIC_',
  build: {
    target: 'es2020',
    // Hashed, immutable asset names (netlify.toml caches /assets/* for a year).
    assetsDir: 'assets',
    // The manifest tells the prerender which lazy chunk hydration needs first (modulepreload).
    manifest: true,
    sourcemap: false,
    reportCompressedSize: false,
    rollupOptions: {
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
