/**
 * Netlify Build plugin (ESM: the repo's package.json says "type": "module").
 *
 * Netlify starts every build from a fresh clone, where the git-ignored
 * `builds/` folder (the last builds, docs/architecture.md "Atomic publish") is empty. This
 * plugin keeps it in Netlify's build cache (`utils.cache`), so each build:
 * - carries the hashed assets of the previous builds into the new deploy
 *   (tabs still open on an older build keep loading their chunks, rule 17);
 * - is incremental: pages whose key did not change are linked from the last
 *   build, not rendered again (docs/architecture.md, "Incremental builds");
 * - can be rolled back (`npm run rollback`) on Netlify as it can locally.
 * It keeps `.marea/last-crawl/` too, the last crawl a build validated: media
 * are reused from it instead of downloaded again, and it is what a build
 * publishes while the CMS cannot be reached (else the bundled content-cache/).
 * What it restores is not trusted as it is: the build (`carryOverAssets` and
 * `publishBuild`, src/node/build/publish.ts) first deletes from every kept
 * build the media the judgement of today refuses (an `.html`, an SVG with
 * script, bytes that are not an allowed image or video), with a
 * log line naming them, so they are neither carried nor rolled back to.
 * Paths are relative to the build's folder, the repository's root (Netlify
 * runs plugins there). Deploy previews and branch deploys restore them (their
 * builds are incremental too) but save nothing: production's next build must
 * not find a noindex preview, at another URL, as its last build.
 */
// Netlify Build rejects any export that is not an event handler: keep these private.
const KEPT = ['./builds', './.marea/last-crawl'];
const PREVIEW_CONTEXTS = new Set(['deploy-preview', 'branch-deploy']);

/** @typedef {Pick<import('@netlify/build').NetlifyPluginOptions, 'utils'>} Options What the handlers use of Netlify Build's arguments. */

/**
 * Before `npm run build`: bring back what the previous deploys left.
 * @param {Options} options
 */
export async function onPreBuild({ utils }) {
  for (const dir of KEPT) {
    const restored = await utils.cache.restore(dir);
    console.log(restored ? `keep-builds: restored ${dir} from the build cache` : `keep-builds: no cached ${dir} yet`);
  }
}

/**
 * After `npm run build`: keep them (with the new build) for the next deploy.
 * @param {Options} options
 */
export async function onPostBuild({ utils }) {
  const context = process.env.CONTEXT ?? '';
  if (PREVIEW_CONTEXTS.has(context)) {
    console.log(`keep-builds: ${context} builds are not saved to the build cache (production's are)`);
    return;
  }
  for (const dir of KEPT) {
    const saved = await utils.cache.save(dir);
    console.log(saved ? `keep-builds: saved ${dir} to the build cache` : `keep-builds: ${dir} is empty, nothing saved`);
  }
}
