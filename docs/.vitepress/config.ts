import { defineConfig } from 'vitepress';

/**
 * Heading ids as GitHub makes them (lower case, punctuation dropped, spaces to hyphens), so a
 * `page.md#heading` link works both on the site and when the Markdown is read on GitHub.
 */
const githubSlug = (heading: string) =>
  heading
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{M}\p{N}\p{Pc} -]/gu, '')
    .replace(/ /g, '-');

/**
 * The docs site (`npm run docs`, `npm run docs:dev`): the Markdown files of docs/ as they are,
 * grouped for a newcomer. Output and cache stay out of git (dist.docs/, node_modules/.cache/).
 * VitePress fails the build on a dead link; test/docs/site.test.ts runs the build so `npm test`
 * does too. `MAREA_DOCS_OUT` moves the output (the test builds into a temporary folder).
 */
export default defineConfig({
  title: 'Marea',
  description: 'Static-site generator for bilingual hotel and resort marketing sites',
  lang: 'en',
  outDir: process.env.MAREA_DOCS_OUT ?? '../dist.docs',
  cacheDir: '../node_modules/.cache/vitepress',
  cleanUrls: true,
  // The guides point at the local servers (`npm start` on http://localhost:4173 and the like).
  ignoreDeadLinks: 'localhostLinks',
  lastUpdated: false,
  markdown: { anchor: { slugify: githubSlug } },
  themeConfig: {
    nav: [
      { text: 'Getting started', link: '/getting-started' },
      { text: 'Deploy', link: '/deploying' },
      { text: 'Configuration', link: '/configuration' },
      { text: 'All documents', link: '/README' },
    ],
    sidebar: [
      {
        text: 'Start here',
        items: [
          { text: 'Getting started', link: '/getting-started' },
          { text: 'All documents', link: '/README' },
        ],
      },
      {
        text: 'Guides',
        items: [
          { text: 'Deploy to production', link: '/deploying' },
          { text: 'Use your own Strapi', link: '/own-strapi' },
          { text: 'Host Strapi in production', link: '/hosting-strapi' },
          { text: "Editors' guide", link: '/editors-guide' },
          { text: 'The bundled CMS', link: '/cms' },
          { text: 'Publishing', link: '/publishing' },
          { text: 'Brand and theme', link: '/brand' },
        ],
      },
      {
        text: 'Reference',
        items: [
          { text: 'Configuration', link: '/configuration' },
          { text: 'Commands', link: '/commands' },
          { text: 'Behaviour rules', link: '/behaviour' },
          { text: 'Product specification', link: '/product' },
          { text: 'Content contract', link: '/content-contract' },
          { text: 'Content errors', link: '/content-errors' },
          { text: 'Architecture', link: '/architecture' },
          { text: 'Building the site', link: '/building' },
          { text: 'Search and sharing', link: '/search-and-sharing' },
        ],
      },
      {
        text: 'Project',
        items: [
          { text: 'Performance', link: '/performance' },
          { text: 'Reliability', link: '/reliability' },
          { text: 'Security', link: '/security' },
          { text: 'Accessibility', link: '/accessibility' },
          { text: 'Testing', link: '/testing' },
          { text: 'Contributing', link: '/contributing' },
          { text: 'Dependencies', link: '/dependencies' },
        ],
      },
    ],
    outline: { level: [2, 3] },
    search: { provider: 'local' },
  },
});
