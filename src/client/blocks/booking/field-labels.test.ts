import { describe, expect, it } from 'vitest';
import en from '../../../../locales/en.json';
import es from '../../../../locales/es.json';
import { createI18n } from '../../i18n/i18n.js';
import { errorSummary, fieldLabel, isGuestField } from './field-labels.js';
import { FIELD } from './validation.js';

const english = createI18n('en', en).t;
const spanish = createI18n('es', es).t;

describe('booking field labels and the error summary', () => {
  it('names every field as it reads on screen, rooms included, in both languages', () => {
    expect(fieldLabel(FIELD.checkin, english)).toBe('Check-in');
    expect(fieldLabel(FIELD.children(1), english)).toBe('Room 2, Children (0–17)');
    expect(fieldLabel(FIELD.age(0, 2), english)).toBe('Room 1, Age of child 3');
    expect(fieldLabel(FIELD.rooms, spanish)).toBe('Huéspedes');
    expect(fieldLabel(FIELD.adults(0), spanish)).toBe('Habitación 1, Adultos');
  });

  it('sums up the errors with their messages, for the alert region', () => {
    expect(errorSummary({ checkin: { key: 'datePast' }, [FIELD.adults(0)]: { key: 'adultsRange', values: { max: 4 } } }, english)).toBe(
      'Please check 2 fields. Check-in: Choose today or a later date. Room 1, Adults: Each room takes 1 to 4 adults.',
    );
    expect(errorSummary({ promo: { key: 'promoFormat' } }, spanish)).toBe(
      'Revisa 1 campo. Código promocional: Los códigos promocionales tienen de 3 a 20 letras o números (se permite un guion).',
    );
  });

  it('knows which fields live in the guests panel', () => {
    expect([FIELD.rooms, FIELD.age(2, 0), FIELD.adults(0)].every(isGuestField)).toBe(true);
    expect([FIELD.resort, FIELD.promo, FIELD.checkout].some(isGuestField)).toBe(false);
  });
});
