/**
 * Shortest `WEBHOOK_SECRET` (and `PREVIEW_SECRET`) accepted, by every
 * service that checks one: `npm run webhook` (webhook/secrets.ts), the
 * services' configuration (service-env.ts) and with it the Strapi webhook's
 * Netlify Function. A guessable secret would let anyone trigger builds,
 * which spend build minutes. The preview's signing key has its own, longer
 * minimum (32, preview-token.js).
 */
export const SECRET_MIN_LENGTH = 16;

/** What to tell an operator whose secret `name` is shorter than `min`: its length and how to make one, never its value. */
export function secretTooShort(name: string, value: string, min = SECRET_MIN_LENGTH): string | null {
  return value.length < min ? `${name} is ${value.length} characters long: use at least ${min} random characters (openssl rand -hex 32).` : null;
}
