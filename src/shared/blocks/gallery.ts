import { declare, mediaList, number, text } from './fields.js';

/** A grid of images with a lightbox; only images are shown. */
export const gallery = declare(
  'blocks.gallery',
  { title: text(), images: mediaList(), columns: number('a number', 'the default number of columns is used') },
  {
    check(props, warn) {
      const images = props.images ?? [];
      if (!images.some((m) => m.kind === 'image')) warn.noImages(['images'], images.filter((m) => m.kind === 'video').length);
    },
  },
);
