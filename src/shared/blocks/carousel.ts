import { declare, link, list, media, number, richText, text, type Warn } from './fields.js';

/** The fields of `blocks.carousel`, shared with `modals.carousel`. */
export const carouselFields = {
  title: text(),
  slides: list({ media: media(), title: text(), text: richText(), link: link() }),
  autoplay: number('a number of milliseconds (0 = off)', 'autoplay is off', { default: 0 }),
};

/** carousel/slides.ts: a slide with neither an image nor a title is left out. */
export function checkSlides(props: { slides?: readonly { media?: { kind: string } | null; title?: string | null }[] | null }, warn: Warn): void {
  props.slides?.forEach((slide, i) => {
    if (slide.media?.kind !== 'image' && !slide.title) warn.incompleteItem(['slides', i], 'Slide', 'image or title');
  });
}

/** How editors see a carousel, as a block or a modal item. */
export const carouselPresentation = {
  label: 'Carousel',
  icon: 'slideshow',
  description: 'Slides with a picture, a title, text and a link, shown one at a time.',
  descriptionEs: 'Diapositivas con imagen, título, texto y enlace, que se muestran una a la vez.',
  labels: { autoplay: 'Next slide after (ms)' },
} as const;

export const carousel = declare('blocks.carousel', carouselFields, carouselPresentation, { check: checkSlides });
