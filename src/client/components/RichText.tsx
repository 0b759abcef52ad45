import type { MouseEvent } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';

interface Props {
  html: unknown;
  className?: string;
}

/**
 * Rich text from the CMS. It was sanitised at build time (src/node/content/sanitize.ts):
 * no script, event handler or dangerous URL reaches the payload, so it is
 * inserted as HTML here. Site links inside it behave like the product's own
 * (rule 4): they navigate client-side and carry the current query string.
 */
export function RichText({ html, className }: Props) {
  const navigate = useNavigate();
  const { search } = useLocation();
  if (typeof html !== 'string' || html === '') return null;
  const onClick = (event: MouseEvent<HTMLDivElement>) => {
    const anchor = (event.target as Element).closest?.('a');
    if (!anchor || event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    if (anchor.target && anchor.target !== '_self') return;
    const href = anchor.getAttribute('href') ?? '';
    // Site paths only: `/x`, not `//host` or `/assets/file.pdf`.
    if (!href.startsWith('/') || href.startsWith('//') || /\.[a-z0-9]+(?:[?#]|$)/i.test(href)) return;
    event.preventDefault();
    const url = new URL(href, window.location.origin);
    navigate(`${url.pathname}${url.search || search}${url.hash}`);
  };
  return (
    // The handler only upgrades the links' own clicks (Enter on a focused link is a click too).
    <div className={['rich-text', className].filter(Boolean).join(' ')} onClick={onClick} dangerouslySetInnerHTML={{ __html: html }} />
  );
}
