import { shareNetwork } from '../block-values.js';
import { declare, strings } from './fields.js';

/** share/share-urls.ts `networksOf`: unknown networks are left out. */
export const share = declare(
  'blocks.share',
  { networks: strings() },
  {
    label: 'Share buttons',
    icon: 'paperPlane',
    description: 'Buttons to share the page on social networks.',
    descriptionEs: 'Botones para compartir la página en redes sociales.',
    labels: { networks: 'Networks' },
  },
  {
    check(props, warn) {
      props.networks?.forEach((value, i) => {
        if (shareNetwork(value) === null) warn.unknownShareNetwork(['networks', i], value);
      });
    },
  },
);
