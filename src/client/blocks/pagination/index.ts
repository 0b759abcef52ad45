export { Pagination as default } from './Pagination.js';
