// ESLint flat config. Correctness only: formatting is Prettier's (no
// stylistic rules here). The boundaries between the code's zones are
// `import-x/no-restricted-paths` zones below; test/lint/boundaries.test.ts
// proves they fire.
import { readdirSync } from 'node:fs';
import path from 'node:path';
import js from '@eslint/js';
import { defineConfig, globalIgnores } from 'eslint/config';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import { importX } from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const ROOT = import.meta.dirname;

/** Folder names under `dir` (relative to the repository root). */
function folders(dir) {
  return readdirSync(path.join(ROOT, dir), { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name);
}

const BLOCKS = folders('src/client/blocks');
const MODAL_ITEMS = folders('src/client/modals/items');
/**
 * Modal items that are a block shown in a modal (the content model says
 * `modals.carousel` "as blocks.carousel", `modals.embedded-form` "as
 * blocks.form"): each may import that one block, no other.
 */
const MODAL_ITEM_PRESENTS = { carousel: 'carousel', 'embedded-form': 'form' };

const SHELL = 'src/client/app is the app shell: blocks get the page through src/client/page.';

/** The boundaries (docs/architecture.md, "Zones"). Paths are relative to the repository root. */
const zones = [
  {
    target: './src/client',
    from: './src/node',
    message: 'Browser code never imports build-time code (src/node).',
  },
  {
    target: './src/node',
    from: './src/client',
    message: 'Build-time code never imports the browser app: the prerender loads its server bundle by path.',
  },
  {
    target: './src/shared',
    from: ['./src/client', './src/node'],
    message: 'src/shared is pure code for both sides: it imports neither src/client nor src/node.',
  },
  // What blocks may use must not lean on the shell either (else a block reaches it one import away).
  {
    target: ['./src/client/page', './src/client/components', './src/client/lib', './src/client/i18n'],
    from: './src/client/app',
    message: SHELL,
  },
  ...BLOCKS.flatMap((name) => {
    const message = `A block (src/client/blocks/${name}) imports no other block or modal item, nor the app shell (src/client/app).`;
    const target = `./src/client/blocks/${name}`;
    return [
      // Its own folder and what every block shares (blocks/props.ts) are allowed.
      { target, from: './src/client/blocks', except: [`./${name}`, './props.ts'], message },
      { target, from: ['./src/client/modals/items', './src/client/app'], message },
    ];
  }),
  ...MODAL_ITEMS.flatMap((name) => {
    const presents = MODAL_ITEM_PRESENTS[name];
    const message = `A modal item (src/client/modals/items/${name}) imports no other modal item or block${presents ? ` but blocks/${presents}` : ''}, nor the app shell (src/client/app).`;
    const target = `./src/client/modals/items/${name}`;
    return [
      // Its own folder and what every modal item shares (items/item-frame.tsx and its CSS) are allowed.
      { target, from: './src/client/modals/items', except: [`./${name}`, './item-frame.tsx', './item-frame.css'], message },
      { target, from: './src/client/blocks', except: ['./props.ts', ...(presents ? [`./${presents}`] : [])], message },
      { target, from: './src/client/app', message },
    ];
  }),
];

export default defineConfig([
  globalIgnores([
    'cms/src/api/',
    'cms/src/plugins/marea/server/generated/',
    'cms/build/',
    'cms/dist/',
    'cms/.tmp/',
    'cms/.strapi/',
    'dist/',
    'dist.*/',
    'builds/',
    'content-cache/',
    'reports/',
    'test-results/',
    '.marea/',
    '.netlify/',
    'test/fixtures/',
  ]),
  {
    files: ['**/*.{js,mjs,ts,tsx}'],
    extends: [js.configs.recommended, tseslint.configs.recommended, importX.flatConfigs.recommended, importX.flatConfigs.typescript],
    languageOptions: { ecmaVersion: 2024, sourceType: 'module' },
    linterOptions: { reportUnusedDisableDirectives: 'error' },
    settings: {
      'import-x/resolver-next': [createTypeScriptImportResolver({ project: `${ROOT}/tsconfig.json` })],
    },
    rules: {
      'import-x/no-restricted-paths': ['error', { basePath: ROOT, zones }],
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
      // TypeScript checks names and defaults of imports (tsc runs on every zone).
      'import-x/named': 'off',
      'import-x/namespace': 'off',
      'import-x/default': 'off',
      'import-x/no-named-as-default-member': 'off',
      // `_name`: unused on purpose (a parameter a signature requires, a destructured part left out).
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', destructuredArrayIgnorePattern: '^_' }],
    },
  },
  {
    // The JavaScript files (this config, the Netlify Build plugin, ensure-chromium.mjs) run in Node.
    // TypeScript files need no globals here: typescript-eslint turns `no-undef` off, and each
    // zone's tsconfig decides which globals exist (no `window` in src/node, no `process` in src/shared).
    files: ['**/*.{js,mjs}'],
    languageOptions: { globals: globals.node },
  },
  {
    // The CMS (cms/) is a CommonJS Strapi project: config files and its bootstrap run in Node through require().
    files: ['cms/**/*.js'],
    languageOptions: { sourceType: 'commonjs', globals: globals.node },
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
  {
    // The admin panel's own code (Strapi's Vite build bundles it for the browser): ES modules.
    files: ['cms/src/admin/**/*.js', 'cms/src/plugins/marea/strapi-admin.js', 'cms/src/plugins/marea/admin/**/*.js'],
    languageOptions: { sourceType: 'module', globals: globals.browser },
    // Its packages (Strapi's admin, its icons and design system, React) are cms/'s, installed only with the CMS
    // (npm run cms, the CMS tests): a fresh clone lints before they exist.
    rules: { 'import-x/no-unresolved': ['error', { ignore: ['^@strapi/', '^react(-dom)?$', '^react-router-dom$', '^styled-components$'] }] },
  },
  {
    // The build runs these modules unbundled: date-fns' package root loads all its ~250 functions (0.9 s of the build's start-up, 60 MB).
    files: ['src/node/**/*.ts', 'src/shared/**/*.ts', 'scripts/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: 'date-fns',
              allowTypeImports: true,
              message: "Import each function from its own module ('date-fns/parseISO'): the package root loads every function (0.9 s of the build's start-up, 60 MB).",
            },
          ],
        },
      ],
    },
  },
  {
    files: ['src/client/**/*.{ts,tsx}'],
    extends: [reactHooks.configs.flat.recommended],
    rules: {
      // The block declarations carry zod: the browser takes their types only, so no page ships it.
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/shared/blocks/*', '!**/shared/blocks/names.js', '**/shared/modal-items/*'],
              allowTypeImports: true,
              message:
                'The browser imports the block declarations for their types only (`import type`): zod stays out of the pages. Display names and the chrome list are in src/shared/blocks/names.ts.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['src/client/**/*.test.{ts,tsx}'],
    rules: {
      // Tests never reach a page: they may read the declarations' values (the catalogue, schemas).
      '@typescript-eslint/no-restricted-imports': 'off',
      // Test components hand what a hook returns to the test through a module variable (a probe).
      'react-hooks/globals': 'off',
      'react-hooks/immutability': 'off',
    },
  },
]);
