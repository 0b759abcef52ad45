export { BlogList as default } from './BlogList.js';
