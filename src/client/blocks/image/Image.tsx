import { ResponsiveImage } from '../../components/ResponsiveImage.js';
import type { BlockComponentProps } from '../props.js';

/** `blocks.image`: media and caption. */
export function Image({ block, index }: BlockComponentProps<'blocks.image'>) {
  const media = block.props.media ?? null;
  if (!media) return null;
  const caption = block.props.caption ?? '';
  return (
    <figure className="block-image container">
      <ResponsiveImage media={media} priority={index === 0} sizes="(min-width: 72rem) 72rem, 100vw" />
      {caption && <figcaption>{caption}</figcaption>}
    </figure>
  );
}
