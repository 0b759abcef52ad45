export { Timer as default } from './Timer.js';
