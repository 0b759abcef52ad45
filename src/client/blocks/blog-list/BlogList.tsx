import { useId } from 'react';
import { useTranslation } from '../../i18n/use-translation.js';
import type { ListCard } from '../../../shared/page-data.js';
import { usePageData } from '../../page/page-data-context.js';
import { ResponsiveImage } from '../../components/ResponsiveImage.js';
import { SmartLink } from '../../components/SmartLink.js';
import type { BlockComponentProps } from '../props.js';
import './blog-list.css';

/**
 * `blocks.blog-list`: title, kind (default post), category, pageSize. The
 * cards were chosen at build time (newest first, this page of the list) and
 * arrive as `usePageData().lists[block.key]`. Each card is one link (its
 * title), stretched over the card so the whole card is clickable while the
 * tab order holds one stop per card.
 */
export function BlogList({ block, inModal = false }: BlockComponentProps<'blocks.blog-list'>) {
  const { t } = useTranslation();
  const headingId = useId();
  const list = usePageData().lists[block.key];
  const cards = list?.cards ?? [];
  const title = block.props.title ?? '';
  const showTitle = title !== '' && !inModal;
  return (
    <section className="blog-list container" aria-labelledby={showTitle ? headingId : undefined}>
      {showTitle && (
        <h2 id={headingId} className="blog-list__title">
          {title}
        </h2>
      )}
      {cards.length > 0 ? (
        <ul className="blog-list__grid">
          {cards.map((card) => (
            <li key={card.slug}>
              <Card card={card} />
            </li>
          ))}
        </ul>
      ) : (
        <p className="blog-list__empty">{t('blogList.empty')}</p>
      )}
    </section>
  );
}

function Card({ card }: { card: ListCard }) {
  return (
    <article className="blog-card">
      {/* Heading first for screen readers; CSS shows the image and date above it. */}
      <h3 className="blog-card__title">
        <SmartLink className="blog-card__link" link={{ kind: 'internal', slug: card.slug, label: card.title }} />
      </h3>
      <div className="blog-card__media">
        {card.cover?.kind === 'image' && <ResponsiveImage media={card.cover} sizes="(min-width: 64rem) 23rem, (min-width: 40rem) 50vw, 100vw" />}
      </div>
      {card.date && card.dateLabel && (
        <time className="blog-card__date" dateTime={card.date}>
          {card.dateLabel}
        </time>
      )}
      {card.summary && <p className="blog-card__summary">{card.summary}</p>}
    </article>
  );
}
