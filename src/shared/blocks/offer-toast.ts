import { parseColour } from '../block-values.js';
import { declare, link, number, richText, text } from './fields.js';

/** A dismissible offer shown after `delay` ms, between its schedule's dates, to its countries. */
export const offerToast = declare(
  'blocks.offer-toast',
  { text: richText(), link: link(), background: text(), delay: number('a number of milliseconds', 'the toast shows without delay', { default: 0 }) },
  {
    chrome: true,
    // offer-toast/colours.ts `toastColours`.
    check(props, warn) {
      if (props.background && parseColour(props.background) === null) warn.invalidColour(['background'], props.background);
    },
  },
);
