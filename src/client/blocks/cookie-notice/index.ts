export { CookieNotice as default } from './CookieNotice.js';
