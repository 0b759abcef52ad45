import type { BlockProps } from '../../../shared/blocks/catalogue.js';
import type { Media } from '../../../shared/model.js';
import { block, image } from '../../../../test/support/blocks.js';

const photo = (name: string, alt: string): Media => ({
  ...image,
  url: `/assets/media/${name}.jpg`,
  alt,
  formats: [{ url: `/assets/media/small_${name}.jpg`, width: 500, height: 281 }],
});

export const slides: NonNullable<BlockProps<'blocks.carousel'>['slides']> = [
  {
    media: photo('suite', 'Suite with a sea view'),
    title: 'Ocean View Suite',
    text: '<p>Wake up to the <strong>Caribbean</strong>.</p>',
    link: { kind: 'internal', label: 'Discover the suite', slug: 'rooms/ocean-view-suite' },
  },
  {
    media: photo('villa', 'Garden villa with a pool'),
    title: 'Garden Villa',
    text: '<p>Ninety square metres.</p>',
    link: { kind: 'modal', label: 'Quick look', modal: 'garden-villa' },
  },
  { media: photo('family', 'Family suite by the pool'), title: 'Family Suite', text: '', link: { kind: 'external', label: 'Reviews', url: 'https://reviews.example/marea' } },
];

/** A carousel of three slides; `autoplay` in ms (0 = off). */
export const carousel = (autoplay = 0, extra: BlockProps<'blocks.carousel'> = {}) =>
  block('blocks.carousel', { title: 'Rooms that open onto the tide', slides, autoplay, ...extra });
