import { parseColour } from '../block-values.js';
import { declare, link, number, richText, text } from './fields.js';

/** A dismissible offer shown after `delay` ms, between its schedule's dates, to its countries. */
export const offerToast = declare(
  'blocks.offer-toast',
  { text: richText(), link: link(), background: text(), delay: number('a number of milliseconds', 'the toast shows without delay', { default: 0 }) },
  {
    label: 'Offer pop-up',
    icon: 'gift',
    description: 'A small offer that appears after a delay and can be closed.',
    descriptionEs: 'Una pequeña oferta que aparece tras unos instantes y se puede cerrar.',
    labels: { link: 'Button', background: 'Background colour', delay: 'Appears after (ms)' },
  },
  {
    chrome: true,
    // offer-toast/colours.ts `toastColours`.
    check(props, warn) {
      if (props.background && parseColour(props.background) === null) warn.invalidColour(['background'], props.background);
    },
  },
);
