import { HERO_HEIGHTS } from '../block-values.js';
import { captions, choice, declare, link, media, text } from './fields.js';

/**
 * A full-width image or background video with the page's title: the first
 * content block of a page carries its h1. The background video is always
 * muted, with a pause button and no other control
 * (src/client/blocks/hero/BackgroundVideo.tsx): its sound is never heard,
 * so captions are optional there even for a video with an audio track.
 */
export const hero = declare(
  'blocks.hero',
  {
    title: text(),
    subtitle: text(),
    media: media(),
    captions: captions({ video: 'media', audible: false }),
    cta: link(),
    height: choice(HERO_HEIGHTS, 'the hero is full height', { default: 'full' }),
  },
  {
    label: 'Hero',
    icon: 'landscape',
    description: 'A full-width picture or background video with the page title, a subtitle and a button.',
    descriptionEs: 'Una imagen o un video de fondo a todo lo ancho, con el título de la página, un subtítulo y un botón.',
    labels: { media: 'Picture or video', cta: 'Button' },
  },
  // Share images: a page's first hero (`shareSource`), the home page's for pages without one.
  { readAcrossPages: true },
);
