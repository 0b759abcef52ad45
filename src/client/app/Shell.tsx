import { useEffect } from 'react';
import { Outlet, ScrollRestoration, useLocation } from 'react-router-dom';
import { localeOfPath } from '../../shared/locales.js';
import { writeLocaleCookie } from '../lib/cookies.js';

/**
 * The root route: page routes render inside. Rule 10: whenever a locale
 * becomes active the cookie is written. Rule 6: ScrollRestoration scrolls to
 * the top on navigation, or to the hash target.
 */
export function Shell() {
  const { pathname } = useLocation();
  const locale = localeOfPath(pathname);
  useEffect(() => writeLocaleCookie(locale), [locale]);
  // A marker for tests and monitoring: the static HTML is now a live app.
  useEffect(() => {
    document.documentElement.dataset.hydrated = 'true';
  }, []);
  return (
    <>
      <Outlet />
      <ScrollRestoration />
    </>
  );
}
