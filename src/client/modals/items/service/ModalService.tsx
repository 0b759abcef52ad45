import { RichText } from '../../../components/RichText.js';
import { ResponsiveImage } from '../../../components/ResponsiveImage.js';
import { SmartLink } from '../../../components/SmartLink.js';
import type { BlockComponentProps } from '../../../blocks/props.js';
import { ItemTitle, itemClass } from '../item-frame.js';

/** `modals.service`: title, media (image or video), body, cta link. */
export function ModalService({ block, inModal = false }: BlockComponentProps<'modals.service'>) {
  const { props } = block;
  const media = props.media ?? null;
  const cta = props.cta ?? null;
  return (
    <article className={itemClass('modal-service', inModal)}>
      {!inModal && <ItemTitle title={props.title ?? ''} />}
      {media?.kind === 'image' && <ResponsiveImage className="modal-item__media" media={media} sizes="(min-width: 40rem) 44rem, 100vw" priority={inModal} />}
      {media?.kind === 'video' && (
        // Muted and without autoplay: the visitor starts it (a dialog should not burst into sound).
        <video className="modal-item__media" src={media.url} controls muted playsInline preload="metadata" width={media.width ?? undefined} height={media.height ?? undefined}>
          {media.alt}
        </video>
      )}
      <RichText html={props.body} />
      {cta && <SmartLink className="button button--primary modal-item__cta" link={cta} />}
    </article>
  );
}
