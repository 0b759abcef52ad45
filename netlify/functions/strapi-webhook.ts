/**
 * Netlify Function (Node): Strapi's webhook for a site deployed on Netlify.
 * The same request checks as `npm run webhook` (src/node/webhook/request.ts:
 * 401/405/415/413/400, drafts ignored with the reason; the secret's same
 * 16-character minimum, or 500); an event that can
 * change the public site triggers the site's Netlify build hook
 * (NETLIFY_BUILD_HOOK), whose build runs `npm run build` against the CMS.
 * Netlify queues builds itself, one at a time per site.
 */
import { loadServiceConfig } from '../../src/node/config/service-env.js';
import { checkWebhook, type WebhookAnswer } from '../../src/node/webhook/request.js';

/** Served at the same path as the local service's hook. */
export const config = { path: '/hooks/strapi' };

const json = (status: number, body: Record<string, unknown>, headers: Readonly<Record<string, string>> = {}) =>
  new Response(`${JSON.stringify(body)}\n`, { status, headers: { 'Content-Type': 'application/json; charset=utf-8', 'Cache-Control': 'no-store', ...headers } });

export default async function handler(request: Request): Promise<Response> {
  let settings;
  try {
    // Only what this function reads: the rest of the services' variables is not its business.
    settings = loadServiceConfig({ WEBHOOK_SECRET: process.env.WEBHOOK_SECRET, NETLIFY_BUILD_HOOK: process.env.NETLIFY_BUILD_HOOK });
  } catch (error) {
    // An invalid WEBHOOK_SECRET (shorter than the local service accepts, config/secret-length.ts) or
    // NETLIFY_BUILD_HOOK, named (never its value) in the function's log and answer: nothing is accepted with it.
    console.error(`strapi-webhook: ${(error as Error).message}`);
    return json(500, { error: `the webhook is misconfigured: ${(error as Error).message}` });
  }
  const secret = settings.webhookSecret;
  const hook = settings.netlifyBuildHook;
  // Never accept webhooks without a secret to check them against.
  if (!secret || !hook) return json(503, { error: `the webhook is not configured: set ${!secret ? 'WEBHOOK_SECRET' : 'NETLIFY_BUILD_HOOK'} in the site's environment variables` });
  const answer: WebhookAnswer = await checkWebhook(
    { method: request.method, header: (name) => request.headers.get(name), body: request.body as AsyncIterable<Uint8Array> | null },
    secret,
  );
  if (answer.status !== 202 || answer.effect?.kind === 'ignore') return json(answer.status, answer.body, answer.headers);
  const title = `Strapi: ${String(answer.body.summary ?? answer.body.event)}`.slice(0, 200);
  const triggered = await fetch(`${hook}${hook.includes('?') ? '&' : '?'}trigger_title=${encodeURIComponent(title)}`, { method: 'POST', signal: AbortSignal.timeout(10_000) }).then(
    (response) => response.ok,
    () => false,
  );
  // Strapi logs a failed webhook; the next publish triggers a build again.
  if (!triggered) return json(502, { error: 'the Netlify build hook did not accept the build; nothing changed on the site' });
  return json(202, { ...answer.body, build: 'triggered' });
}
