import { HERO_HEIGHTS } from '../block-values.js';
import { choice, declare, link, media, text } from './fields.js';

/** A full-width image or background video with the page's title: the first content block of a page carries its h1. */
export const hero = declare('blocks.hero', {
  title: text(),
  subtitle: text(),
  media: media(),
  cta: link(),
  height: choice(HERO_HEIGHTS, 'the hero is full height', { default: 'full' }),
});
