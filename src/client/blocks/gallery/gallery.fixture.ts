import type { Media } from '../../../shared/model.js';
import { block, image } from '../../../../test/support/blocks.js';

const photo = (name: string, alt: string): Media => ({
  ...image,
  url: `/assets/media/${name}.jpg`,
  width: 1200,
  height: 800,
  alt,
  formats: [{ url: `/assets/media/small_${name}.jpg`, width: 500, height: 333 }],
});

export const photos: Media[] = [photo('pool', 'Infinity pool by the sea'), photo('spa', 'Candles in the spa'), photo('beach', ''), photo('dinner', 'Dinner on the terrace')];

export const gallery = (props: Record<string, unknown> = {}) => block('blocks.gallery', { title: 'Life at Marea', images: photos, columns: 4, ...props });
