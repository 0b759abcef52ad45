import { declare, link, media, richText, text } from '../blocks/fields.js';

export const modalService = declare(
  'modals.service',
  { title: text(), media: media(), body: richText(), cta: link() },
  {
    label: 'Service',
    icon: 'star',
    description: 'A service: a picture, text and a button.',
    descriptionEs: 'Un servicio: una imagen, texto y un botón.',
    labels: { media: 'Picture', cta: 'Button' },
  },
);
