import { declare, media, text } from './fields.js';

export const image = declare(
  'blocks.image',
  { media: media(), caption: text() },
  { label: 'Image', icon: 'picture', description: 'One picture across the page, with an optional caption.', labels: { media: 'Picture' } },
);
