export { ModalService as default } from './ModalService.js';
