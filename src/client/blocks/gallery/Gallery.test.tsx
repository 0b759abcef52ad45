import { act } from 'react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { mount, renderStatic } from '../../../../test/support/render.js';
import { Gallery, galleryColumns, thumbnailSizes } from './Gallery.js';
import { gallery, photos } from './gallery.fixture.js';
import { loadLightbox } from './load-lightbox.js';

const thumbs = (root: HTMLElement) => [...root.querySelectorAll<HTMLButtonElement>('.gallery__thumb')];
const dialog = () => document.querySelector<HTMLDialogElement>('dialog.lightbox');
const counter = () => dialog()?.querySelector('.lightbox__counter')?.textContent;
const key = (name: string) => act(async () => void dialog()!.dispatchEvent(new KeyboardEvent('keydown', { key: name, bubbles: true })));

/** Clicks a thumbnail and waits for the lightbox chunk (already loaded: resolves at once). */
async function open(root: HTMLElement, i: number) {
  const thumb = thumbs(root)[i]!;
  await act(async () => thumb.focus());
  await act(async () => {
    thumb.click();
    await loadLightbox();
  });
}

beforeAll(async () => {
  await loadLightbox();
});
afterEach(() => {
  document.body.innerHTML = '';
  document.body.style.overflow = '';
});

describe('blocks.gallery: static HTML', () => {
  it('has the grid of thumbnails: buttons named after the photo, lazy images with dimensions and srcset', () => {
    const html = renderStatic(<Gallery block={gallery()} index={0} />);
    expect(html).toMatch(/<section class="gallery container" aria-labelledby="([^"]+)"><h2 id="\1" class="gallery__title">Life at Marea<\/h2>/);
    expect(html.match(/<button class="gallery__thumb" aria-haspopup="dialog"/g)).toHaveLength(4);
    expect(html).toContain('aria-label="Open photo: Infinity pool by the sea"');
    // A photo without alt text is still named.
    expect(html).toContain('aria-label="Open photo 3 of 4"');
    expect(html.match(/loading="lazy"/g)).toHaveLength(4);
    expect(html).toContain('width="1200" height="800" alt=""');
    expect(html).toContain('srcSet="/assets/media/small_pool.jpg 500w, /assets/media/pool.jpg 1200w"');
    expect(html).toContain('sizes="(min-width:72rem) 18rem,(min-width:64rem) 25vw,(min-width:40rem) 33vw,50vw"');
    // No lightbox until a thumbnail is opened.
    expect(html).not.toContain('<dialog');
  });

  it('leaves out of `sizes` a condition whose size the next one gives too: the browser picks the same', () => {
    expect(thumbnailSizes(4)).toBe('(min-width:72rem) 18rem,(min-width:64rem) 25vw,(min-width:40rem) 33vw,50vw');
    expect(thumbnailSizes(3)).toBe('(min-width:72rem) 24rem,(min-width:40rem) 33vw,50vw');
    expect(thumbnailSizes(2)).toBe('(min-width:72rem) 36rem,50vw');
    expect(thumbnailSizes(1)).toBe('(min-width:72rem) 72rem,100vw');
  });

  it('sets the columns per width: the CMS number on wide screens, at most 3 on tablets and 2 on phones', () => {
    expect(renderStatic(<Gallery block={gallery()} index={0} />)).toContain('style="--gallery-columns-phone:2;--gallery-columns-tablet:3;--gallery-columns:4"');
    expect(renderStatic(<Gallery block={gallery({ columns: 1 })} index={0} />)).toContain('style="--gallery-columns-phone:1;--gallery-columns-tablet:1;--gallery-columns:1"');
    expect(galleryColumns(undefined)).toBe(3);
    expect(galleryColumns(0)).toBe(1);
    expect(galleryColumns(12)).toBe(6);
  });

  it('speaks Spanish', () => {
    const html = renderStatic(<Gallery block={gallery({ title: '' })} index={0} />, { locale: 'es', page: { path: '/es' } });
    expect(html).toContain('aria-label="Galería de fotos"');
    expect(html).toContain('aria-label="Abrir foto: Candles in the spa"');
    expect(html).toContain('aria-label="Abrir foto 3 de 4"');
  });

  it('renders nothing without images', () => {
    expect(renderStatic(<Gallery block={gallery({ images: [] })} index={0} />)).toBe('');
  });
});

describe('blocks.gallery: lightbox', () => {
  it('a thumbnail opens a modal dialog on its photo with the counter; the page stops scrolling', async () => {
    const root = await mount(<Gallery block={gallery()} index={0} />);
    await open(root, 1);
    expect(dialog()?.open).toBe(true);
    expect(dialog()?.getAttribute('aria-label')).toBe('Photo viewer');
    expect(counter()).toBe('2 / 4');
    expect(document.activeElement).toBe(dialog()?.querySelector('button[aria-label="Close the photo viewer"]'));
    expect(dialog()?.querySelector('img')?.getAttribute('src')).toBe(photos[1]!.url);
    expect(dialog()?.querySelector('img')?.getAttribute('sizes')).toBe('100vw');
    expect(dialog()?.querySelector('figcaption')?.textContent).toBe('Candles in the spa');
    expect(document.body.style.overflow).toBe('hidden');
  });

  it('Escape closes it, focus returns to the thumbnail that opened it and the page scrolls again', async () => {
    const root = await mount(<Gallery block={gallery()} index={0} />);
    await open(root, 2);
    await key('ArrowRight');
    expect(counter()).toBe('4 / 4');
    await key('Escape');
    expect(dialog()).toBeNull();
    expect(document.activeElement).toBe(thumbs(root)[2]);
    expect(document.body.style.overflow).toBe('');
  });

  it('the close button closes it too, and it can be opened again', async () => {
    const root = await mount(<Gallery block={gallery()} index={0} />);
    await open(root, 0);
    await act(async () => dialog()!.querySelector<HTMLButtonElement>('button[aria-label="Close the photo viewer"]')!.click());
    expect(dialog()).toBeNull();
    expect(document.activeElement).toBe(thumbs(root)[0]);
    await open(root, 3);
    expect(counter()).toBe('4 / 4');
  });

  it('a click on the backdrop (the dialog itself, not its content) closes it', async () => {
    const root = await mount(<Gallery block={gallery()} index={0} />);
    await open(root, 0);
    await act(
      async () =>
        void dialog()!
          .querySelector('img')!
          .dispatchEvent(new MouseEvent('click', { bubbles: true })),
    );
    expect(dialog()).not.toBeNull();
    await act(async () => dialog()!.click());
    expect(dialog()).toBeNull();
  });
});
