import path from 'node:path';
import { ROOT } from '../build/paths.js';

/** The Strapi project of the repository. */
export const CMS_DIR = path.join(ROOT, 'cms');

/** Where the CMS keeps what it makes once: the admin login and the build's token (git-ignored). */
export const localFileOf = (cmsDir: string) => path.join(cmsDir, '.tmp', 'marea-local.json');

/** The seed the CMS reads on its first start (written from content-cache/ before each start). */
export const seedFileOf = (cmsDir: string) => path.join(cmsDir, '.tmp', 'seed.json');
