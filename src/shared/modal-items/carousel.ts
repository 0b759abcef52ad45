import { carouselFields, carouselPresentation, checkSlides } from '../blocks/carousel.js';
import { declare } from '../blocks/fields.js';

export const modalCarousel = declare('modals.carousel', carouselFields, carouselPresentation, { check: checkSlides });
