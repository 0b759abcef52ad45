import { shareNetwork } from '../block-values.js';
import { declare, strings } from './fields.js';

/** share/share-urls.ts `networksOf`: unknown networks are left out. */
export const share = declare(
  'blocks.share',
  { networks: strings() },
  {
    check(props, warn) {
      props.networks?.forEach((value, i) => {
        if (shareNetwork(value) === null) warn.unknownShareNetwork(['networks', i], value);
      });
    },
  },
);
