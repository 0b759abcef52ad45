import type { Modal } from '../../shared/model.js';
import { block, image } from '../../../test/support/blocks.js';

/** Modals like the bundled content's: a MEX-targeted item before the default, a USA/CAN-only one, an unbuilt kind. */
export const modals: Modal[] = [
  {
    id: 2,
    name: 'ocean-view-suite',
    items: [
      block(
        'modals.room',
        {
          title: 'Ocean View Suite',
          images: [image],
          body: '<p>Mexican resident rate: MXN 7,900</p>',
          features: ['62 m²', 'King bed'],
          cta: { kind: 'internal', label: 'Book this suite', slug: 'rooms/ocean-view-suite' },
        },
        ['MEX'],
      ),
      {
        ...block('modals.room', {
          title: 'Ocean View Suite',
          images: [image, { ...image, url: '/assets/media/pool.jpg', alt: 'Pool' }],
          body: '<p>From USD 480</p>',
          features: ['62 m²', 'King bed'],
          cta: { kind: 'internal', label: 'Book this suite', slug: 'rooms/ocean-view-suite' },
        }),
        key: '1',
      },
    ],
  },
  { id: 3, name: 'booking-policy', items: [block('modals.wysiwyg', { title: 'Booking policy', body: '<p>A one-night deposit.</p>' }, ['USA', 'CAN'])] },
  {
    id: 14,
    name: 'spa-rituals',
    items: [
      block('modals.service', { title: 'Sak Ha Spa rituals', media: image, body: '<p>Temazcal.</p>', cta: { kind: 'internal', label: 'See the spa', slug: 'services/spa' } }),
    ],
  },
];
