import { carouselFields, checkSlides } from '../blocks/carousel.js';
import { declare } from '../blocks/fields.js';

export const modalCarousel = declare('modals.carousel', carouselFields, { check: checkSlides });
