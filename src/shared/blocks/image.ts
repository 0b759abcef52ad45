import { declare, media, text } from './fields.js';

export const image = declare(
  'blocks.image',
  { media: media(), caption: text() },
  {
    label: 'Image',
    icon: 'picture',
    description: 'One picture across the page, with an optional caption.',
    descriptionEs: 'Una imagen a todo lo ancho de la página, con pie de foto opcional.',
    labels: { media: 'Picture' },
  },
);
