import type { Locale as DateLocale } from 'date-fns';
import { enUS } from 'date-fns/locale/en-US';
import { es } from 'date-fns/locale/es';
import type { Locale } from '../../../shared/model.js';

/** date-fns locales of the calendar: month and day names, long dates, the first day of the week. */
export const DATE_LOCALES: Record<Locale, DateLocale> = { en: enUS, es };

export type WeekStart = 0 | 1 | 2 | 3 | 4 | 5 | 6;

/** First day of the week per locale (date-fns: Sunday for en-US, Monday for es). */
export const weekStartsOn = (locale: Locale): WeekStart => DATE_LOCALES[locale].options?.weekStartsOn ?? 0;
