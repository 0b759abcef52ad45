import { boolean, captions, declare, media } from './fields.js';

/**
 * A video with its poster and captions; autoplay plays it muted. The native
 * controls are always shown (src/client/blocks/video/Video.tsx), so the
 * visitor can turn the sound on: its captions are audible content.
 */
export const video = declare(
  'blocks.video',
  {
    media: media(),
    poster: media(),
    captions: captions({ video: 'media', audible: true }),
    autoplay: boolean({ default: false }),
    loop: boolean({ default: false }),
  },
  {
    label: 'Video',
    icon: 'play',
    description: 'A video with its poster picture and captions; visitors can turn the sound on.',
    descriptionEs: 'Un video con su imagen de portada y subtítulos; los visitantes pueden activar el sonido.',
    labels: { media: 'Video file', poster: 'Poster picture', autoplay: 'Play on its own (muted)', loop: 'Play in a loop' },
  },
);
