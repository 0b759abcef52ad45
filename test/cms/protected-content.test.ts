import { readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { ROOT } from '../../src/node/build/paths.js';
import { strapiEditor, type MediaFile, type StrapiEditor, type Upload } from '../../src/node/cms-server/editor.js';
import type { RunningCms } from '../../src/node/cms-server/start.js';
import { freePort } from '../../src/node/platform/free-port.js';
import { startFromSnapshot } from '../support/strapi-snapshot.js';

/**
 * Published content is protected (docs/cms.md): a real
 * Strapi 5 of cms/, seeded from content-cache/, with the Marea plugin's
 * media guard and unpublish warning; the editor works through the admin
 * API as the Media Library and the edit view do.
 */
const PAGE = 'api::page.page';

let dir: string;
let cms: RunningCms;
let editor: StrapiEditor;

const picture = (name: string): Upload => ({ name, bytes: readFileSync(path.join(ROOT, 'content-cache/uploads/small_window_seat_b843c1b1f0.jpg')), mime: 'image/jpeg' });

async function fileNamed(name: string): Promise<MediaFile> {
  const file = (await editor.files()).find((f) => f.name === name);
  if (!file) throw new Error(`no file ${name} in the Media Library`);
  return file;
}

async function pageId(slug: string, locale: string): Promise<string> {
  const found = await editor.rest('GET', `/api/pages?locale=${locale}&filters[slug][$eq]=${encodeURIComponent(slug)}&fields[0]=slug`);
  const [page] = found.data as Array<{ documentId: string }>;
  if (!page) throw new Error(`no published ${locale} page ${slug}`);
  return page.documentId;
}

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'marea-protected-'));
  cms = await startFromSnapshot(inject('cmsSnapshot'), dir, { port: await freePort() });
  editor = await strapiEditor(cms.url, { email: cms.adminEmail, password: cms.adminPassword });
});

afterAll(async () => {
  await cms?.stop();
  if (dir) await rm(dir, { recursive: true, force: true });
});

describe('a file published entries use is not deleted or replaced', () => {
  const POST = 'New winter nonstops from Chicago to Puerto Vallarta';

  it('deleting or replacing a file a published page uses is refused, naming the page by title and locale, whichever way it is asked', async () => {
    const file = await fileNamed('window-seat.jpg');
    // The page's cover, its SEO image and the media of a hero in its blocks: one page, one locale.
    const refused = `Used by published entries: ${POST} (en). Replace the image in them first.`;
    await expect(editor.deleteFile(file.id)).rejects.toThrow(refused);
    await expect(editor.replaceFile(file.id, picture('other.jpg'))).rejects.toThrow(refused);
    // The content API's delete (an API token, no admin user: in English) and a folder's deletion go the same way.
    await expect(editor.rest('DELETE', `/api/upload/files/${file.id}`)).rejects.toThrow(refused);
    const folder = await editor.folder('Blog pictures', [file.id]);
    await expect(editor.deleteFiles({ fileIds: [], folderIds: [folder] })).rejects.toThrow(refused);
    expect((await editor.files()).map((f) => f.name)).toContain('window-seat.jpg');
  });

  it('a bulk delete is refused whole, naming every entry of every file in it (the layout, the error page), in Spanish for an editor whose admin is in Spanish', async () => {
    const [logo, adrift, unused] = [await fileNamed('marea-resorts-logo.svg'), await fileNamed('error-adrift.jpg'), await editor.upload(picture('unused.jpg'))];
    await editor.setLanguage('es');
    try {
      const attempt = editor.deleteFiles({ fileIds: [unused.id, logo.id, adrift.id] });
      await expect(attempt).rejects.toThrow(/Entradas publicadas que usan marea-resorts-logo\.svg: [^.]*Layout \(en\), Layout \(es-MX\)\./);
      await expect(attempt).rejects.toThrow(/Entradas publicadas que usan error-adrift\.jpg: Error page \(en\), Error page \(es-MX\)\. Primero reemplaza esos archivos/);
    } finally {
      await editor.setLanguage('en');
    }
    // Nothing of the selection went, not even the file nothing uses.
    const names = (await editor.files()).map((f) => f.name);
    expect(names).toEqual(expect.arrayContaining(['unused.jpg', 'marea-resorts-logo.svg', 'error-adrift.jpg']));
    // A file nothing uses is replaced and deleted as Strapi does it.
    await editor.replaceFile(unused.id, picture('unused-again.jpg'));
    expect((await editor.files()).find((f) => f.id === unused.id)?.name).toBe('unused-again.jpg');
    await editor.deleteFile(unused.id);
  });

  it('once the page shows another image (published), the file deletes', async () => {
    const [file, other] = [await fileNamed('window-seat.jpg'), await fileNamed('palapa-lobby.jpg')];
    await editor.replaceMediaInPage(await pageId('blog/winter-flights-from-chicago', 'en'), 'en', file.id, other.id);
    await editor.deleteFile(file.id);
    expect((await editor.files()).map((f) => f.name)).not.toContain('window-seat.jpg');
  });

  it('a file only a draft uses asks first, naming the draft: the same delete or replace again goes ahead', async () => {
    const draftOnly = await editor.upload(picture('draft-only.jpg'));
    await editor.rest('POST', '/api/pages?locale=en&status=draft', { data: { title: 'Draft with a cover', slug: 'draft-with-a-cover', cover: draftOnly.id } });
    const asked = (again: string) => `Used by drafts: Draft with a cover (en). ${again} again within 2 minutes to confirm.`;
    await expect(editor.deleteFile(draftOnly.id)).rejects.toThrow(asked('Delete'));
    expect((await editor.files()).map((f) => f.name)).toContain('draft-only.jpg');
    // A replace is its own question: the delete asked before does not confirm it, and the confirmed replace is one.
    await expect(editor.replaceFile(draftOnly.id, picture('draft-only-2.jpg'))).rejects.toThrow(asked('Replace'));
    await editor.replaceFile(draftOnly.id, picture('draft-only-2.jpg'));
    await expect(editor.deleteFile(draftOnly.id)).rejects.toThrow(asked('Delete'));
    await editor.deleteFile(draftOnly.id);
    expect((await editor.files()).map((f) => f.id)).not.toContain(draftOnly.id);
  });

  it('a bulk delete of files only drafts use asks once for the selection, in Spanish for a Spanish admin; asked again, all go', async () => {
    const [one, two] = [await editor.upload(picture('draft-one.jpg')), await editor.upload(picture('draft-two.jpg'))];
    await editor.rest('POST', '/api/pages?locale=en&status=draft', { data: { title: 'Draft one', slug: 'draft-one', cover: one.id } });
    await editor.rest('POST', '/api/pages?locale=en&status=draft', { data: { title: 'Draft two', slug: 'draft-two', cover: two.id } });
    await editor.setLanguage('es');
    try {
      await expect(editor.deleteFiles({ fileIds: [one.id, two.id] })).rejects.toThrow(
        'Borradores que usan draft-one.jpg: Draft one (en). Borradores que usan draft-two.jpg: Draft two (en). Vuelve a eliminarlos en los próximos 2 minutos para confirmar.',
      );
      expect((await editor.files()).map((f) => f.name)).toEqual(expect.arrayContaining(['draft-one.jpg', 'draft-two.jpg']));
      await editor.deleteFiles({ fileIds: [one.id, two.id] });
    } finally {
      await editor.setLanguage('en');
    }
    expect((await editor.files()).map((f) => f.name)).not.toEqual(expect.arrayContaining(['draft-one.jpg']));
    expect((await editor.files()).map((f) => f.name)).not.toEqual(expect.arrayContaining(['draft-two.jpg']));
  });

  it('a file in a slide of a published carousel is refused until the page is unpublished; then its draft asks first', async () => {
    const slide = await editor.upload(picture('slide.jpg'));
    const created = await editor.rest('POST', '/api/pages?locale=en', {
      data: { title: 'Slides page', slug: 'slides-page', blocks: [{ __component: 'blocks.carousel', slides: [{ title: 'One', media: slide.id }] }] },
    });
    const documentId = (created.data as { documentId: string }).documentId;
    await expect(editor.deleteFile(slide.id)).rejects.toThrow('Used by published entries: Slides page (en).');
    await editor.unpublish(PAGE, documentId, 'en');
    await expect(editor.deleteFile(slide.id)).rejects.toThrow('Used by drafts: Slides page (en). Delete again within 2 minutes to confirm.');
    await editor.deleteFile(slide.id);
  });
});

describe('unpublishing or deleting a page others link to warns, naming them', () => {
  it('unpublishing a page others link to goes through; its last check names the entries whose links now lead to the 404 page', async () => {
    const documentId = await pageId('contact', 'en');
    await editor.unpublish(PAGE, documentId, 'en');
    await expect(pageId('contact', 'en')).rejects.toThrow('no published en page contact');

    const check = await editor.lastCheck(PAGE, documentId, 'en');
    expect(check).toMatchObject({ action: 'unpublish', errors: [] });
    const [headline, ...links] = check!.warnings;
    expect(headline).toMatchObject({ code: 'LinkedFromPublished', hint: 'Point those links at another page, or publish this page again.' });
    expect(headline!.message).toMatch(/^Published entries link to "Contact": .*Riviera Nayarit \(en\).*\. Those links now lead to the 404 page\.$/);
    expect(headline!.message).toContain('Layout (en)');
    // Each link as the build will report it, where it is in words.
    expect(links).toContainEqual(expect.objectContaining({ code: 'UnknownLinkTarget', fieldWords: 'Layout (en) › Header › Block 1 (Header) › Menu link 5' }));
    expect(links.every((notice) => notice.code === 'UnknownLinkTarget')).toBe(true);
  });

  it('deleting a page says the same in the editor’s language; a page nothing links to leaves a check with no warning, a draft none', async () => {
    const documentId = await pageId('contacto', 'es-MX');
    await editor.setLanguage('es');
    try {
      await editor.deleteEntry(PAGE, documentId, 'es-MX');
    } finally {
      await editor.setLanguage('en');
    }
    const check = await editor.lastCheck(PAGE, documentId, 'es-MX');
    expect(check).toMatchObject({ action: 'delete' });
    expect(check!.warnings[0]!.message).toMatch(/^Entradas publicadas enlazan a "Contacto": .*Layout \(es-MX\).*\. Esos enlaces ahora llevan a la página 404\.$/);

    const lonely = await editor.rest('POST', '/api/pages?locale=en', { data: { title: 'Nobody links here', slug: 'nobody-links-here' } });
    const lonelyId = (lonely.data as { documentId: string }).documentId;
    await editor.unpublish(PAGE, lonelyId, 'en');
    expect(await editor.lastCheck(PAGE, lonelyId, 'en')).toMatchObject({ action: 'unpublish', errors: [], warnings: [] });
    // A draft never published: nothing can link to it, nothing is checked.
    const draft = await editor.rest('POST', '/api/pages?locale=en&status=draft', { data: { title: 'Never published', slug: 'never-published' } });
    const draftId = (draft.data as { documentId: string }).documentId;
    await editor.deleteEntry(PAGE, draftId, 'en');
    expect(await editor.lastCheck(PAGE, draftId, 'en')).toBeNull();
  });
});
