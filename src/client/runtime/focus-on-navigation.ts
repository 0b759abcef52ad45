import { useEffect, useEffectEvent, useRef } from 'react';
import { useLocation, useNavigationType } from 'react-router-dom';

/** The main content of every page and of the error page: the skip link's target, focusable by script (`tabindex="-1"`). */
const MAIN_ID = 'main';

/**
 * After a client-side navigation to another page, focus moves to the main
 * content. The link that was followed usually belongs to the old page: when
 * React removes it the browser drops focus to `<body>`, and the next Tab
 * starts again from the top of the document. From `#main` a keyboard user
 * goes on into the new page's content and a screen reader reads it (docs/behaviour.md,
 * rule 6). Not on the first load, not when only the hash changes (a
 * `#modal=` opening or closing, a jump within the page) and not for a redirect
 * that replaces the entry (rule 9). `preventScroll`: rule 6 decides where the
 * view goes.
 */
export function useFocusOnNavigation(): void {
  const { pathname, search } = useLocation();
  const type = useNavigationType();
  const view = `${pathname}${search}`;
  const shown = useRef(view);
  const moveFocus = useEffectEvent(() => {
    if (type === 'REPLACE') return;
    document.getElementById(MAIN_ID)?.focus({ preventScroll: true });
  });
  useEffect(() => {
    if (shown.current === view) return;
    shown.current = view;
    moveFocus();
  }, [view]);
}
