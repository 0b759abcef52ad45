import { RichText } from '../../../components/RichText.js';
import type { BlockComponentProps } from '../../../blocks/props.js';
import { ItemTitle, itemClass } from '../item-frame.js';

/** `modals.wysiwyg`: title, body (rich text, sanitised at build time). */
export function ModalWysiwyg({ block, inModal = false }: BlockComponentProps<'modals.wysiwyg'>) {
  return (
    <article className={itemClass('modal-wysiwyg', inModal)}>
      {!inModal && <ItemTitle title={block.props.title ?? ''} />}
      <RichText html={block.props.body} />
    </article>
  );
}
