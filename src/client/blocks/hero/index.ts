export { Hero as default } from './Hero.js';
