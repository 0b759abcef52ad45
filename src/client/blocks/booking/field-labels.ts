import type { TFunction } from 'i18next';
import { MAX_CHILD_AGE } from './config.js';
import type { FieldErrors } from './validation.js';

const ROOM_FIELD = /^room-(\d+)-(adults|children|age)(?:-(\d+))?$/;

/** The label a field id (validation.ts `FIELD`) has on screen, for the error summary read out on submit. */
export function fieldLabel(field: string, t: TFunction): string {
  const room = ROOM_FIELD.exec(field);
  if (room) {
    const [, index, kind, child] = room;
    const label =
      kind === 'adults' ? t('booking.adults') : kind === 'children' ? t('booking.children', { max: MAX_CHILD_AGE }) : t('booking.childAge', { number: Number(child) + 1 });
    return `${t('booking.room', { number: Number(index) + 1 })}, ${label}`;
  }
  if (field === 'rooms') return t('booking.guests');
  return t(`booking.${field}`);
}

/** "Please check 2 fields: Check-in: Enter a date. …", announced by the form's alert region. */
export function errorSummary(errors: FieldErrors, t: TFunction): string {
  const fields = Object.entries(errors).map(([field, error]) => `${fieldLabel(field, t)}: ${t(`booking.errors.${error.key}`, error.values ?? {})}`);
  return `${t('booking.errorSummary', { count: fields.length })} ${fields.join(' ')}`;
}

/** Fields inside the guests panel: the panel opens so their messages can be seen. */
export const isGuestField = (field: string): boolean => field === 'rooms' || ROOM_FIELD.test(field);
