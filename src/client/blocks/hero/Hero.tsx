import { ResponsiveImage } from '../../components/ResponsiveImage.js';
import { SmartLink } from '../../components/SmartLink.js';
import type { BlockComponentProps } from '../props.js';
import { BackgroundVideo } from './BackgroundVideo.js';
import './hero.css';

/** `blocks.hero`: title, subtitle, media (image or video), captions (of a video), cta link, height full/half. */
export function Hero({ block, index }: BlockComponentProps<'blocks.hero'>) {
  const { props } = block;
  const media = props.media ?? null;
  const cta = props.cta ?? null;
  const height = props.height === 'half' ? 'half' : 'full';
  const title = props.title ?? '';
  const subtitle = props.subtitle ?? '';
  const Heading = index === 0 ? 'h1' : 'h2';
  return (
    <section className={`hero hero--${height}`} aria-label={title || undefined}>
      {media?.kind === 'image' && <ResponsiveImage className="hero__media" media={media} priority={index === 0} alt="" />}
      {media?.kind === 'video' && <BackgroundVideo media={media} captions={props.captions ?? null} />}
      <div className="hero__content">
        {title && <Heading className="hero__title">{title}</Heading>}
        {subtitle && <p className="hero__subtitle">{subtitle}</p>}
        {cta && <SmartLink className="button button--primary hero__cta" link={cta} />}
      </div>
    </section>
  );
}
