import { randomBytes } from 'node:crypto';

/** What an operator takes from a deployed CMS on the first visit: the first admin's login and the build's token. */
export interface FirstVisit {
  readonly adminEmail: string;
  readonly adminPassword: string;
  readonly token: string;
}

/** The build's token, as cms/src/index.js names it. */
const BUILD_TOKEN = 'marea-build';

async function json<T>(response: Response, what: string): Promise<T> {
  const text = await response.text();
  if (!response.ok) throw new Error(`${what} → ${response.status}: ${text.slice(0, 500)}`);
  return JSON.parse(text) as T;
}

/**
 * A deployed CMS's first visit, as docs/hosting-strapi.md tells the operator
 * ("First visit"): register the first administrator (Strapi's first-run
 * screen: a deployed CMS makes none), then read the build's token in
 * Settings → API Tokens (Strapi decrypts it with ENCRYPTION_KEY). Fails on a
 * CMS that already has an administrator.
 */
export async function firstVisit(url: string): Promise<FirstVisit> {
  const adminEmail = 'operator@marea.example';
  const adminPassword = `Marea-${randomBytes(9).toString('base64url')}1`;
  const registered = await fetch(`${url}/admin/register-admin`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ email: adminEmail, password: adminPassword, firstname: 'Marea', lastname: 'Operator' }),
  });
  const { token: jwt } = (await json<{ data: { token: string } }>(registered, 'registering the first admin')).data;
  const auth = { headers: { Authorization: `Bearer ${jwt}` } };
  const tokens = (await json<{ data: Array<{ id: number; name: string }> }>(await fetch(`${url}/admin/api-tokens`, auth), 'listing the API tokens')).data;
  const build = tokens.find((token) => token.name === BUILD_TOKEN);
  if (!build) throw new Error(`The CMS at ${url} made no "${BUILD_TOKEN}" API token on its first start (cms/src/index.js)`);
  const shown = await json<{ data: { accessKey: string } }>(await fetch(`${url}/admin/api-tokens/${build.id}`, auth), `reading the ${BUILD_TOKEN} token`);
  return { adminEmail, adminPassword, token: shown.data.accessKey };
}
