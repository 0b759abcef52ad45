import type { Modal } from './model.js';
import type { Payload } from './payload.js';

/** What the server bundle (src/client/entry-server.tsx) exports for the prerender. */
export type ServerRender = (url: string, payload: Payload) => Promise<string>;

/**
 * Hidden copies of the Netlify forms that live in modals (not in any page's
 * HTML, where Netlify's deploy-time form detection looks), as HTML; '' when none.
 */
export type ServerFormStubs = (modals: Modal[]) => string;

export interface ServerBundle {
  render: ServerRender;
  renderFormStubs: ServerFormStubs;
}
