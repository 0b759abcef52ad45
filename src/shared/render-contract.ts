import type { Payload } from './payload.js';

/** What the server bundle (src/client/entry-server.tsx) exports for the prerender. */
export type ServerRender = (url: string, payload: Payload) => Promise<string>;

export interface ServerBundle {
  render: ServerRender;
}
