import { createElement } from 'react';
import { Carousel } from '../../../blocks/carousel/Carousel.js';
import type { BlockComponentProps } from '../../../blocks/props.js';

/** `modals.carousel` (as `blocks.carousel`): the same carousel, without its own title (the dialog shows it). */
export default function ModalCarousel(props: BlockComponentProps<'modals.carousel'>) {
  return createElement(Carousel, { ...props, inModal: true });
}
