import { boolean, declare, media } from './fields.js';

/** A video with its poster; autoplay plays it muted. */
export const video = declare('blocks.video', { media: media(), poster: media(), autoplay: boolean({ default: false }), loop: boolean({ default: false }) });
