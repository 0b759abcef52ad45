import { declare, link, mediaList, richText, strings, text } from '../blocks/fields.js';

export const modalRoom = declare(
  'modals.room',
  { title: text(), images: mediaList(), body: richText(), features: strings(), cta: link() },
  {
    label: 'Room',
    icon: 'house',
    description: 'A room: pictures, text, features and a button.',
    descriptionEs: 'Una habitación: imágenes, texto, características y un botón.',
    labels: { images: 'Pictures', cta: 'Button' },
  },
);
