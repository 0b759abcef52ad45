export { EmbeddedForm as default } from './EmbeddedForm.js';
