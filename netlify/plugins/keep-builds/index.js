/**
 * Netlify Build plugin (ESM: the repo's package.json says "type": "module").
 *
 * Netlify starts every build from a fresh clone, where the git-ignored
 * `builds/` folder (the last builds, docs/architecture.md "Atomic publish") is empty. This
 * plugin keeps it in Netlify's build cache, so each build:
 * - carries the hashed assets of the previous builds into the new deploy
 *   (tabs still open on an older build keep loading their chunks, rule 17);
 * - can be rolled back (`npm run rollback`) on Netlify as it can locally.
 * What it restores is not trusted as it is: the build (`carryOverAssets` and
 * `publishBuild`, src/node/build/publish.ts) first deletes from every kept
 * build the media the judgement of today refuses (an `.html`, an SVG with
 * script, bytes that are not an allowed image or video), with a
 * log line naming them, so they are neither carried nor rolled back to.
 */
// Netlify Build rejects any export that is not an event handler: keep this private.
const BUILDS_DIR = './builds';

/** @typedef {Pick<import('@netlify/build').NetlifyPluginOptions, 'utils'>} Options What the handlers use of Netlify Build's arguments. */

/**
 * Before `npm run build`: bring back the builds the previous deploys left.
 * @param {Options} options
 */
export async function onPreBuild({ utils }) {
  const restored = await utils.cache.restore(BUILDS_DIR);
  console.log(restored ? `keep-builds: restored ${BUILDS_DIR} from the build cache` : `keep-builds: no cached ${BUILDS_DIR} yet`);
}

/**
 * After `npm run build`: keep `builds/` (with the new build) for the next deploy.
 * @param {Options} options
 */
export async function onPostBuild({ utils }) {
  const saved = await utils.cache.save(BUILDS_DIR);
  console.log(saved ? `keep-builds: saved ${BUILDS_DIR} to the build cache` : `keep-builds: ${BUILDS_DIR} is empty, nothing saved`);
}
