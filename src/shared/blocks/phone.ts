import { declare, list, text } from './fields.js';

/** The visitor's geolocated phone number (spec §5: `numbers` is a geolocated list). */
export const phone = declare(
  'blocks.phone',
  { numbers: list({ label: text(), number: text() }, { geolocated: true }) },
  {
    label: 'Phone number',
    icon: 'phone',
    description: "The phone number for the visitor's country.",
    descriptionEs: 'El número de teléfono para el país del visitante.',
    labels: { numbers: 'Numbers by country' },
  },
  {
    chrome: true,
    // Phone.tsx `phoneNumbers`.
    check(props, warn) {
      props.numbers?.forEach((item, i) => {
        if (!/\d/.test(item.number ?? '')) warn.incompleteItem(['numbers', i, 'number'], 'Phone entry', 'number', item.number);
      });
    },
  },
);
