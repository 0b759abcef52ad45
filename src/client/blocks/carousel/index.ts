export { Carousel as default } from './Carousel.js';
