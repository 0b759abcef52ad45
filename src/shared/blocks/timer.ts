import { date, declare, text } from './fields.js';

/** A countdown to `enddate` (its countdown, not a schedule bound); without a readable end it is not shown. */
export const timer = declare(
  'blocks.timer',
  { title: text(), enddate: date('the timer is not shown'), expiredText: text() },
  {
    label: 'Countdown',
    icon: 'clock',
    description: 'Counts down to a date and time, then shows a text.',
    descriptionEs: 'Cuenta regresiva hasta una fecha y hora; al terminar, muestra un texto.',
    labels: { enddate: 'Counts down to', expiredText: 'Text once it is over' },
  },
);
