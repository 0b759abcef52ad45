import { useId, useRef, useState, type CSSProperties } from 'react';
import { useTranslation } from '../../i18n/use-translation.js';
import { ResponsiveImage } from '../../components/ResponsiveImage.js';
import type { BlockComponentProps } from '../props.js';
import { loadLightbox, type LightboxComponent } from './load-lightbox.js';
import './gallery.css';

/** Columns from the CMS, kept to what a row of thumbnails can take. Default 3. */
export function galleryColumns(value: number | null | undefined): number {
  return Math.min(6, Math.max(1, Math.round(value ?? 3)));
}

/**
 * Columns per width: phones get 1–2 whatever the CMS says, tablets up to 3,
 * from 64rem the CMS's number (gallery.css reads the three variables).
 */
function columnsByWidth(columns: number) {
  return { phone: Math.min(columns, 2), tablet: Math.min(columns, 3), wide: columns };
}

/**
 * `sizes` of a thumbnail for those columns (the grid is at most
 * --content-width, 72rem, wide). The browser takes the first condition that
 * matches, and each one's width implies the next's, so a condition with the
 * same size as the next is left out (3 columns: `(min-width: 64rem) 33vw`
 * before `(min-width: 40rem) 33vw`): the same choice, 25 bytes less for
 * every thumbnail (docs/performance.md, "What a page is made of").
 */
export function thumbnailSizes(columns: number): string {
  const { phone, tablet, wide } = columnsByWidth(columns);
  const share = (n: number) => `${Math.round(100 / n)}vw`;
  const steps = [`(min-width:72rem) ${+(72 / wide).toFixed(2)}rem`, `(min-width:64rem) ${share(wide)}`, `(min-width:40rem) ${share(tablet)}`, share(phone)];
  const size = (step: string) => step.slice(step.lastIndexOf(' ') + 1);
  // No space after the colons and commas, which `sizes` does not need: 4 bytes more a thumbnail.
  return steps.filter((step, i) => i === steps.length - 1 || size(step) !== size(steps[i + 1]!)).join(',');
}

/**
 * `blocks.gallery`: title, images, columns. The grid of thumbnails is in the
 * static HTML; each is a button that opens the lightbox (its own chunk,
 * loaded when first needed). Closing it returns focus to the thumbnail
 * that opened it.
 */
export function Gallery({ block }: BlockComponentProps<'blocks.gallery'>) {
  const { t } = useTranslation();
  const uid = useId();
  const thumbs = useRef<(HTMLButtonElement | null)[]>([]);
  const opener = useRef(0);
  const [viewer, setViewer] = useState<{ Lightbox: LightboxComponent; start: number } | null>(null);
  const images = (block.props.images ?? []).filter((media) => media.kind === 'image');
  if (images.length === 0) return null;

  const title = block.props.title ?? '';
  const columns = galleryColumns(block.props.columns);
  const { phone, tablet, wide } = columnsByWidth(columns);
  const style = { '--gallery-columns-phone': phone, '--gallery-columns-tablet': tablet, '--gallery-columns': wide } as CSSProperties;
  const sizes = thumbnailSizes(columns);
  const warm = () => void loadLightbox().catch(() => {});
  const open = (start: number) => {
    opener.current = start;
    loadLightbox().then(
      (Lightbox) => setViewer({ Lightbox, start }),
      (error: unknown) => console.warn('The photo viewer could not be loaded', error),
    );
  };
  const close = () => {
    setViewer(null);
    thumbs.current[opener.current]?.focus();
  };

  return (
    <section className="gallery container" aria-labelledby={title ? `${uid}t` : undefined} aria-label={title ? undefined : t('gallery.label')}>
      {title && (
        <h2 id={`${uid}t`} className="gallery__title">
          {title}
        </h2>
      )}
      <ul className="gallery__grid" role="list" style={style} onPointerEnter={warm} onFocus={warm}>
        {images.map((image, i) => (
          <li key={i}>
            <button
              ref={(el) => {
                thumbs.current[i] = el;
              }}
              // No `type="button"`: a block is never inside a form, where a button would submit (14 bytes a thumbnail).
              className="gallery__thumb"
              aria-haspopup="dialog"
              aria-label={image.alt ? t('gallery.open', { alt: image.alt }) : t('gallery.openNumber', { current: i + 1, total: images.length })}
              onClick={() => open(i)}
            >
              <ResponsiveImage media={image} sizes={sizes} alt="" />
            </button>
          </li>
        ))}
      </ul>
      {viewer && <viewer.Lightbox images={images} start={viewer.start} onClose={close} />}
    </section>
  );
}
