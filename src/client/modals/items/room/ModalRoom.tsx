import { useTranslation } from '../../../i18n/use-translation.js';
import { RichText } from '../../../components/RichText.js';
import { ResponsiveImage } from '../../../components/ResponsiveImage.js';
import { SmartLink } from '../../../components/SmartLink.js';
import type { BlockComponentProps } from '../../../blocks/props.js';
import { ItemTitle, itemClass } from '../item-frame.js';
import './room.css';

/**
 * `modals.room`: title, images (a swipeable scroll-snap strip), body, features
 * (a checked list), cta link. In a modal the dialog's heading is the title.
 */
export function ModalRoom({ block, inModal = false }: BlockComponentProps<'modals.room'>) {
  const { t } = useTranslation();
  const { props } = block;
  const title = props.title ?? '';
  const images = (props.images ?? []).filter((m) => m.kind === 'image');
  const features = (props.features ?? []).map((f) => f.trim()).filter(Boolean);
  const cta = props.cta ?? null;
  return (
    <article className={itemClass('modal-room', inModal)}>
      {!inModal && <ItemTitle title={title} />}
      {images.length === 1 && <ResponsiveImage className="modal-room__image" media={images[0]!} sizes="(min-width: 40rem) 44rem, 100vw" priority={inModal} />}
      {images.length > 1 && (
        // It scrolls sideways, so it takes the focus: arrow keys then scroll it (axe: scrollable-region-focusable).
        <div className="modal-room__strip" role="region" aria-label={t('modal.photos', { title })} tabIndex={0}>
          <ul>
            {images.map((image, i) => (
              <li key={i}>
                <ResponsiveImage media={image} sizes="(min-width: 40rem) 36rem, 85vw" priority={inModal && i === 0} />
              </li>
            ))}
          </ul>
        </div>
      )}
      <RichText className="modal-room__body" html={props.body} />
      {features.length > 0 && (
        <ul className="modal-room__features" aria-label={t('modal.features')}>
          {features.map((feature, i) => (
            <li key={i}>
              <svg viewBox="0 0 20 20" width="20" height="20" aria-hidden="true" focusable="false">
                <path d="M4 10.5l4 4 8-9" fill="none" stroke="currentColor" strokeWidth="2.2" strokeLinecap="round" strokeLinejoin="round" />
              </svg>
              {feature}
            </li>
          ))}
        </ul>
      )}
      {cta && <SmartLink className="button button--primary modal-item__cta" link={cta} />}
    </article>
  );
}
