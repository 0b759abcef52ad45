export { ModalRoom as default } from './ModalRoom.js';
