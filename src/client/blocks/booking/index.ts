export { Booking as default } from './Booking.js';
