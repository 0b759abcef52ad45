import type { BlockProps, Component } from '../../src/shared/blocks/catalogue.js';
import type { Media } from '../../src/shared/model.js';
import { displayName } from '../../src/shared/blocks/names.js';
import type { TypedBlock } from '../../src/client/blocks/props.js';

/** A block as the build writes it: props typed by the block's declaration. */
export function block<C extends Component>(component: C, props: BlockProps<C>, countries: string[] | null = null): TypedBlock<C> {
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
