import { RichText } from '../../components/RichText.js';
import type { BlockComponentProps } from '../props.js';

/** `blocks.wysiwyg`: body (rich text, sanitised at build time). */
export function Wysiwyg({ block }: BlockComponentProps<'blocks.wysiwyg'>) {
  return (
    <section className="container--narrow">
      <RichText html={block.props.body} />
    </section>
  );
}
