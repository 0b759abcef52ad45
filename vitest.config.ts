import { defineConfig } from 'vitest/config';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { messageFilesPlugin } from './src/node/build/message-files.js';

/**
 * `npm test` runs six projects: unit tests beside the code (happy-dom, or
 * node where a file says `@vitest-environment node`; test/docs/ and test/ci/ too), the Netlify
 * configuration and edge/plugin tests (offline), the lint configuration's
 * own tests (its boundaries fire), the build tests on the fixture site, the
 * round trip through a real Strapi (cms/), and
 * browser tests in real Chromium (playwright-core).
 */
export default defineConfig({
  // The message files' URLs (rule 11) are a virtual module the client imports.
  plugins: [react(), messageFilesPlugin(fileURLToPath(new URL('.', import.meta.url)))],
  test: {
    // Two test files at once in the projects whose files may run side by side (unit, netlify, lint,
    // build): vitest's default on this 2-core machine is one (cores − 1), which left a core idle.
    // cms and browser keep one file at a time (fileParallelism: false below): their files share a
    // served site or a CMS. One vitest process runs those two projects one after the other, after
    // the others, so `npm test` runs cms in a vitest process of its own beside the rest
    // (docs/testing.md, "Test time").
    maxWorkers: 2,
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          include: ['src/**/*.test.{ts,tsx}', 'test/docs/**/*.test.ts', 'test/ci/**/*.test.ts'],
          environment: 'happy-dom',
          setupFiles: ['test/support/react-act.ts'],
        },
      },
      {
        extends: true,
        test: { name: 'netlify', include: ['test/netlify/**/*.test.ts'], environment: 'node' },
      },
      {
        extends: true,
        test: { name: 'lint', include: ['test/lint/**/*.test.ts'], environment: 'node' },
      },
      {
        extends: true,
        test: {
          name: 'build',
          include: ['test/build/**/*.test.ts'],
          environment: 'node',
          testTimeout: 180_000,
          hookTimeout: 240_000,
        },
      },
      {
        extends: true,
        test: {
          // A real Strapi (cms/, installed on first use) started from an empty database.
          name: 'cms',
          include: ['test/cms/**/*.test.ts'],
          environment: 'node',
          // content-cache/ seeded once for the files that start from it (test/support/strapi-snapshot.ts).
          globalSetup: ['test/cms/global-setup.ts'],
          testTimeout: 180_000,
          hookTimeout: 600_000,
          fileParallelism: false,
        },
      },
      {
        extends: true,
        test: {
          name: 'browser',
          include: ['test/browser/**/*.test.ts'],
          environment: 'node',
          globalSetup: ['test/browser/global-setup.ts'],
          testTimeout: 60_000,
          hookTimeout: 240_000,
          fileParallelism: false,
        },
      },
    ],
  },
});
