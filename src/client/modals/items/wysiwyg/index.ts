export { ModalWysiwyg as default } from './ModalWysiwyg.js';
