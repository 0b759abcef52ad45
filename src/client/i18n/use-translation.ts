import { createContext, useContext } from 'react';
import { i18nFor, type I18n, type TFunction } from './i18n.js';

/** The page's translator (PageRoute and RouteError provide it: `<I18nContext value={i18nFor(locale)}>`). */
export const I18nContext = createContext<I18n | null>(null);

/** The translation hook of the app's components: the page's translator and its `t` (English outside a page). */
export function useTranslation(): { t: TFunction; i18n: I18n } {
  const i18n = useContext(I18nContext) ?? i18nFor('en');
  return { t: i18n.t, i18n };
}
