import type { RenderedFile } from './render.js';

/** Where the hidden copies of modal forms are published (never linked, not in the sitemap). */
const FORM_STUBS_FILE = 'netlify-forms.html';

/**
 * Netlify Forms finds forms by parsing the deploy's HTML files. Forms inside
 * modals are rendered in the browser only, so their hidden copies (rendered
 * by the SSR bundle, `renderFormStubs`) get a page of their own: detected at
 * deploy, invisible to visitors and search engines, no JavaScript anywhere.
 */
export function formStubsFile(stubs: string): RenderedFile | null {
  if (stubs === '') return null;
  const content = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <meta name="robots" content="noindex" />
    <title>Forms</title>
  </head>
  <body>
    ${stubs}
  </body>
</html>
`;
  return { file: FORM_STUBS_FILE, content };
}
