export { OfferToast as default } from './OfferToast.js';
