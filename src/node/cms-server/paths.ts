import path from 'node:path';
import { ROOT } from '../build/paths.js';

/** The Strapi project of the repository. */
export const CMS_DIR = path.join(ROOT, 'cms');

/** Where a CMS keeps its local state: secrets, database, uploads, the seed, the admin login and the build's token (all git-ignored). */
export interface CmsState {
  readonly envFile: string;
  readonly databaseFile: string;
  readonly publicDir: string;
  readonly seedFile: string;
  readonly localFile: string;
}

/**
 * The state of `npm run cms`: inside cms/ (`.env`, `.tmp/`, `public/uploads`)
 * by default, or all in `stateDir` (MAREA_CMS_STATE), which the tests use to
 * run the command without touching the editors' CMS.
 */
export function cmsState(cmsDir: string, stateDir?: string): CmsState {
  if (stateDir) {
    return {
      envFile: path.join(stateDir, '.env'),
      databaseFile: path.join(stateDir, 'data.db'),
      publicDir: path.join(stateDir, 'public'),
      seedFile: path.join(stateDir, 'seed.json'),
      localFile: path.join(stateDir, 'marea-local.json'),
    };
  }
  return {
    envFile: path.join(cmsDir, '.env'),
    databaseFile: path.join(cmsDir, '.tmp', 'data.db'),
    publicDir: path.join(cmsDir, 'public'),
    seedFile: path.join(cmsDir, '.tmp', 'seed.json'),
    localFile: path.join(cmsDir, '.tmp', 'marea-local.json'),
  };
}
