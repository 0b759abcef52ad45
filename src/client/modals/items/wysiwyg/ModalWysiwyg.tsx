import { RichText } from '../../../components/RichText.js';
import { text, type BlockComponentProps } from '../../../blocks/props.js';
import { ItemTitle, itemClass } from '../item-frame.js';

/** `modals.wysiwyg`: title, body (rich text, sanitised at build time). */
export function ModalWysiwyg({ block, inModal = false }: BlockComponentProps) {
  return (
    <article className={itemClass('modal-wysiwyg', inModal)}>
      {!inModal && <ItemTitle title={text(block.props.title)} />}
      <RichText html={block.props.body} />
    </article>
  );
}
