export { TermsList as default } from './TermsList.js';
