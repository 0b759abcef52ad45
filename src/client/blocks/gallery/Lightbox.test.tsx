import { act } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mount } from '../../../../test/support/render.js';
import { photos } from './gallery.fixture.js';
import { Lightbox } from './Lightbox.js';

const dialog = () => document.querySelector<HTMLDialogElement>('dialog.lightbox')!;
const counter = () => dialog().querySelector('.lightbox__counter')?.textContent;
const live = () => dialog().querySelector('[aria-live="polite"]')?.textContent;
const key = (name: string) => act(async () => void dialog().dispatchEvent(new KeyboardEvent('keydown', { key: name, bubbles: true })));
const button = (label: string) => dialog().querySelector<HTMLButtonElement>(`button[aria-label="${label}"]`)!;
const pointer = (type: string, x: number, y: number, pointerType = 'touch') =>
  act(
    async () =>
      void dialog()
        .querySelector('figure')!
        .dispatchEvent(new PointerEvent(type, { bubbles: true, pointerId: 1, pointerType, clientX: x, clientY: y })),
  );
const swipe = async (from: [number, number], to: [number, number], pointerType = 'touch') => {
  await pointer('pointerdown', ...from, pointerType);
  await pointer('pointerup', ...to, pointerType);
};

afterEach(() => {
  document.body.innerHTML = '';
  document.body.style.overflow = '';
});

describe('gallery lightbox', () => {
  it('opens as a modal dialog on the chosen photo, large (srcset for the viewport) and eager', async () => {
    await mount(<Lightbox images={photos} start={3} onClose={() => {}} />);
    expect(dialog().open).toBe(true);
    expect(counter()).toBe('4 / 4');
    const img = dialog().querySelector('img')!;
    expect(img.getAttribute('srcset')).toBe('/assets/media/small_dinner.jpg 500w, /assets/media/dinner.jpg 1200w');
    expect(img.getAttribute('alt')).toBe('Dinner on the terrace');
    expect(img.getAttribute('loading')).toBe('eager');
    expect(live()).toBe('Photo 4 of 4: Dinner on the terrace');
  });

  it('arrow keys and the buttons move through the photos, wrapping at both ends', async () => {
    await mount(<Lightbox images={photos} start={0} onClose={() => {}} />);
    await key('ArrowLeft');
    expect(counter()).toBe('4 / 4');
    await key('ArrowRight');
    await key('ArrowRight');
    expect(counter()).toBe('2 / 4');
    await act(async () => button('Next photo').click());
    expect(counter()).toBe('3 / 4');
    // A photo without alt text: the position alone is announced, no empty caption.
    expect(live()).toBe('Photo 3 of 4');
    expect(dialog().querySelector('figcaption')).toBeNull();
    await act(async () => button('Previous photo').click());
    expect(counter()).toBe('2 / 4');
  });

  it('a horizontal touch swipe navigates; a short or mostly vertical move, or a mouse drag, does not', async () => {
    await mount(<Lightbox images={photos} start={1} onClose={() => {}} />);
    await swipe([300, 200], [180, 210]);
    expect(counter()).toBe('3 / 4');
    await swipe([100, 200], [260, 190]);
    expect(counter()).toBe('2 / 4');
    await swipe([300, 200], [280, 200]);
    await swipe([300, 100], [220, 400]);
    await swipe([300, 200], [100, 200], 'mouse');
    expect(counter()).toBe('2 / 4');
  });

  it('Escape closes the dialog and reports it; the page can scroll again', async () => {
    const onClose = vi.fn();
    await mount(<Lightbox images={photos} start={0} onClose={onClose} />);
    expect(document.body.style.overflow).toBe('hidden');
    await key('Escape');
    expect(dialog().open).toBe(false);
    expect(onClose).toHaveBeenCalledOnce();
  });

  it('speaks Spanish', async () => {
    await mount(<Lightbox images={photos} start={0} onClose={() => {}} />, { locale: 'es', page: { path: '/es' } });
    expect(dialog().getAttribute('aria-label')).toBe('Visor de fotos');
    expect(button('Cerrar el visor de fotos')).not.toBeNull();
    expect(button('Foto siguiente')).not.toBeNull();
    expect(live()).toBe('Foto 1 de 4: Infinity pool by the sea');
  });
});
