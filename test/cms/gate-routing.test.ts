import { createRequire } from 'node:module';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { CMS_DIR } from '../../src/node/cms-server/paths.js';

/**
 * Which document-service calls the publish gate checks
 * (cms/src/plugins/marea/server/parts/gate.js): every publish, in a request
 * or not (a scheduled release, a plugin's code), except those the seed makes
 * inside `ungated` (server/ungated.js). gate.test.ts shows the checks
 * themselves through a real Strapi; this shows the routing, with a Strapi
 * whose transaction records that the gate ran.
 */
type Middleware = (context: { action: string; uid: string; params?: Record<string, unknown> }, next: () => Promise<unknown>) => Promise<unknown>;
const load = createRequire(import.meta.url);
const gatePart = load(path.join(CMS_DIR, 'src/plugins/marea/server/parts/gate.js')) as {
  register(args: { strapi: unknown }): void;
  services: { gate(): { ungated<T>(fn: () => Promise<T>): Promise<T> } };
};

/** A Strapi with no request (`requestContext.get()` is undefined) whose gate stops at its transaction, saying so. */
function strapiOutsideRequests(): { middleware: Middleware } {
  let middleware: Middleware | undefined;
  const strapi = {
    documents: { use: (fn: Middleware) => (middleware = fn) },
    requestContext: { get: () => undefined },
    db: {
      transaction: () => {
        throw new Error('gated');
      },
    },
  };
  gatePart.register({ strapi });
  return { middleware: middleware! };
}

describe('the publish gate checks every publish but the seed’s', () => {
  it('gates a publish made outside any request (a scheduled release, a plugin’s code)', async () => {
    const { middleware } = strapiOutsideRequests();
    const next = () => Promise.resolve('published without a check');
    await expect(middleware({ action: 'publish', uid: 'api::page.page' }, next)).rejects.toThrow('gated');
    await expect(middleware({ action: 'create', uid: 'api::page.page', params: { status: 'published' } }, next)).rejects.toThrow('gated');
  });

  it('lets the seed’s publishes through, and only inside ungated', async () => {
    const { middleware } = strapiOutsideRequests();
    const next = () => Promise.resolve('seeded');
    const { ungated } = gatePart.services.gate();
    await expect(ungated(() => middleware({ action: 'publish', uid: 'api::page.page' }, next))).resolves.toBe('seeded');
    await expect(middleware({ action: 'publish', uid: 'api::page.page' }, next)).rejects.toThrow('gated');
  });

  it('leaves drafts, and types the site does not read, alone', async () => {
    const { middleware } = strapiOutsideRequests();
    const next = () => Promise.resolve('not a publish');
    await expect(middleware({ action: 'create', uid: 'api::page.page', params: { status: 'draft' } }, next)).resolves.toBe('not a publish');
    await expect(middleware({ action: 'publish', uid: 'plugin::users-permissions.user' }, next)).resolves.toBe('not a publish');
  });
});
