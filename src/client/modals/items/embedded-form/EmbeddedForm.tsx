import type { BlockComponentProps } from '../../../blocks/props.js';
import { Form } from '../../../blocks/form/Form.js';

/**
 * `modals.embedded-form` ("as blocks.form"): the same form inside a modal.
 * The dialog shows the item's title as its heading, so the form leaves its
 * own out (`inModal`). Netlify only detects forms in the static HTML: the
 * layout renders a NetlifyFormStub for each modal form (blocks/form).
 */
export function EmbeddedForm(props: BlockComponentProps<'modals.embedded-form'>) {
  return <Form {...props} inModal />;
}
