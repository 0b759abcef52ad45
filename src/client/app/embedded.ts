import { MESSAGES_SCRIPT_ID, PAYLOAD_SCRIPT_ID, type Payload } from '../../shared/payload.js';
import type { Messages } from '../i18n/i18n.js';

function readJson<T>(id: string): T | null {
  const el = document.getElementById(id);
  if (!el?.textContent) return null;
  try {
    return JSON.parse(el.textContent) as T;
  } catch (error) {
    console.error(`[marea] malformed #${id}`, error);
    return null;
  }
}

/** The page's own data, embedded by the prerender (no request before hydration). */
export function readEmbeddedPayload(): Payload | null {
  return readJson<Payload>(PAYLOAD_SCRIPT_ID);
}

/** Rule 11: the active locale's messages are in every page (null only when the script is missing or malformed). */
export function readEmbeddedMessages(): Messages | null {
  return readJson<Messages>(MESSAGES_SCRIPT_ID);
}
