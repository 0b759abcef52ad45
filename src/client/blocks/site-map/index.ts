export { SiteMap as default } from './SiteMap.js';
