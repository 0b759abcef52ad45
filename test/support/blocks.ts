import type { Block, Media } from '../../src/shared/model.js';
import { displayName } from '../../src/shared/blocks.js';

export function block(component: string, props: Record<string, unknown>, countries: string[] | null = null): Block {
  return { component, name: displayName(component), key: '0', countries, props };
}

export const image: Media = {
  kind: 'image',
  url: '/assets/media/sea.abc.jpg',
  mime: 'image/jpeg',
  width: 1600,
  height: 900,
  alt: 'The bay at dawn',
  formats: [
    { url: '/assets/media/small_sea.abc.jpg', width: 500, height: 281 },
    { url: '/assets/media/large_sea.abc.jpg', width: 1000, height: 563 },
  ],
};
