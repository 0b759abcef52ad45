export { Wysiwyg as default } from './Wysiwyg.js';
