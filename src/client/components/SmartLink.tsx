import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import type { Link } from '../../shared/model.js';
import { linkHref } from '../../shared/routes.js';
import { usePage } from '../page/page-context.js';
import { useSearch } from '../page/use-search.js';

interface Props {
  link: Link;
  className?: string;
  children?: ReactNode;
}

/**
 * Renders a CMS link: internal links navigate client-side and carry the query
 * string (rule 4), external ones open normally, modal links point at the
 * modal's shareable state (`#modal=name`; the modal runtime is its own issue).
 */
export function SmartLink({ link, className, children }: Props) {
  const { locale } = usePage();
  const search = useSearch();
  const content = children ?? link.label;
  if (link.kind === 'internal') {
    return (
      <RouterLink className={className} to={linkHref(locale, link.slug, search, link.hash ?? '')}>
        {content}
      </RouterLink>
    );
  }
  if (link.kind === 'external') {
    return (
      <a className={className} href={link.url} rel="noopener noreferrer">
        {content}
      </a>
    );
  }
  return (
    <a className={className} href={`#modal=${encodeURIComponent(link.modal)}`} data-modal={link.modal}>
      {content}
    </a>
  );
}
