export { Form as default } from './Form.js';
