import { useId } from 'react';
import { useTranslation } from '../../i18n/use-translation.js';
import type { SiteMapGroup } from '../../../shared/page-data.js';
import { usePageData } from '../../page/page-data-context.js';
import { SmartLink } from '../../components/SmartLink.js';
import type { BlockComponentProps } from '../props.js';
import './site-map.css';

/**
 * `blocks.site-map`: title, then every built page of the locale grouped by
 * kind (`usePageData().siteMap`, resolved at build time), each group under
 * its translated kind heading. Links carry the query string (rule 4).
 */
export function SiteMap({ block, inModal = false }: BlockComponentProps<'blocks.site-map'>) {
  const { t } = useTranslation();
  const headingId = useId();
  const groups = (usePageData().siteMap ?? []).filter((g) => g.pages.length > 0);
  if (groups.length === 0) return null;
  const title = block.props.title ?? '';
  const showTitle = title !== '' && !inModal;
  return (
    <section className="site-map container" aria-labelledby={showTitle ? headingId : undefined} aria-label={showTitle ? undefined : t('siteMap.label')}>
      {showTitle && (
        <h2 id={headingId} className="site-map__title">
          {title}
        </h2>
      )}
      <div className="site-map__groups">
        {groups.map((group) => (
          <Group key={group.kind} group={group} />
        ))}
      </div>
    </section>
  );
}

function Group({ group }: { group: SiteMapGroup }) {
  const { t } = useTranslation();
  const headingId = useId();
  return (
    <section className="site-map__group" aria-labelledby={headingId}>
      <h3 id={headingId} className="site-map__kind">
        {t(`siteMap.kinds.${group.kind}`, { defaultValue: group.kind })}
      </h3>
      <ul className="site-map__pages">
        {group.pages.map((page) => (
          <li key={page.slug}>
            <SmartLink link={{ kind: 'internal', slug: page.slug, label: page.title }} />
          </li>
        ))}
      </ul>
    </section>
  );
}
