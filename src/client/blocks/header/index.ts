export { Header as default } from './Header.js';
