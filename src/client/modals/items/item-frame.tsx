import './item-frame.css';

/**
 * What the modal items share. In a modal (`inModal`) the dialog shows the
 * item's title as its heading, so items leave theirs out; placed on a page
 * they are a narrow, centred section with their own h2.
 */
export function itemClass(base: string, inModal: boolean): string {
  return inModal ? `modal-item ${base}` : `modal-item ${base} container container--narrow`;
}

export function ItemTitle({ title }: { title: string }) {
  return title ? <h2 className="modal-item__title">{title}</h2> : null;
}
