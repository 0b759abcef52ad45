import { declare, mediaList, number, text } from './fields.js';

/** A grid of images with a lightbox; only images are shown. */
export const gallery = declare(
  'blocks.gallery',
  { title: text(), images: mediaList(), columns: number('a number', 'the default number of columns is used') },
  {
    label: 'Gallery',
    icon: 'grid',
    description: 'A grid of pictures that open full screen.',
    descriptionEs: 'Una cuadrícula de imágenes que se abren en pantalla completa.',
    labels: { images: 'Pictures' },
  },
  {
    check(props, warn) {
      const images = props.images ?? [];
      if (!images.some((m) => m.kind === 'image')) warn.noImages(['images'], images.filter((m) => m.kind === 'video').length);
    },
  },
);
