import { useContext, useMemo } from 'react';
import { I18nContext } from 'react-i18next';
import type { i18n as I18n, TFunction } from 'i18next';
import { i18nFor } from './i18n.js';

/**
 * The translation hook of the app's components: the page's i18next instance
 * (from `<I18nextProvider>` in PageRoute/RouteError) and its `t`.
 *
 * Why not react-i18next's `useTranslation`: on every mount it copies the
 * whole instance into a wrapper object so it can notice language changes —
 * the largest single cost of the server render in profiles (≈ 0.3 ms a page
 * with ~20 translated components). Marea's instances never change language
 * (one per locale; the URL decides, rule 1), so there is nothing to notice.
 */
export function useTranslation(): { t: TFunction; i18n: I18n } {
  const i18n = useContext(I18nContext)?.i18n ?? i18nFor('en');
  return useMemo(() => ({ t: i18n.getFixedT(null, 'translation'), i18n }), [i18n]);
}
