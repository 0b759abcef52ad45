import { ResponsiveImage } from '../../components/ResponsiveImage.js';
import { RichText } from '../../components/RichText.js';
import { SmartLink } from '../../components/SmartLink.js';
import type { Slide } from './slides.js';

interface Props {
  slide: Slide;
  /** "2 of 5", translated (APG: slides are labelled by position). */
  label: string;
  /** Translated "slide" (aria-roledescription). */
  roleDescription: string;
  /** `sizes` of the image: depends on the carousel's layout. */
  sizes: string;
  /** The first slide of a carousel that is the first block: above the fold. */
  eager: boolean;
  /** Not the current slide, after hydration: out of Tab order and of the accessibility tree (APG hides them). */
  inert: boolean;
}

/** One slide: image, title, rich text, link. All of it is in the static HTML. */
export function CarouselSlide({ slide, label, roleDescription, sizes, eager, inert }: Props) {
  const hasBody = slide.title || slide.text || slide.link;
  return (
    // tabIndex -1: keyboard navigation from inside a slide moves focus to the new slide.
    <div className="carousel__slide" role="group" aria-roledescription={roleDescription} aria-label={label} tabIndex={-1} inert={inert}>
      {slide.media?.kind === 'image' && <ResponsiveImage className="carousel__media" media={slide.media} sizes={sizes} priority={eager} />}
      {hasBody && (
        <div className="carousel__body">
          {slide.title && <h3 className="carousel__slide-title">{slide.title}</h3>}
          <RichText className="carousel__text" html={slide.text} />
          {slide.link && <SmartLink className="carousel__link" link={slide.link} />}
        </div>
      )}
    </div>
  );
}
