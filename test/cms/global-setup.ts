import type { TestProject } from 'vitest/node';
import { CMS_DIR } from '../../src/node/cms-server/paths.js';
import { ensureCmsInstalled } from '../../src/node/cms-server/install.js';
import { makeSeededSnapshot, removeSnapshot, type SeededSnapshot } from '../support/strapi-snapshot.js';

declare module 'vitest' {
  export interface ProvidedContext {
    /** content-cache/ seeded once into a throwaway CMS (test/support/strapi-snapshot.ts). */
    cmsSnapshot: SeededSnapshot;
  }
}

/** Installs cms/ and seeds content-cache/ once for every test of the cms project. */
export default async function setup(project: TestProject) {
  ensureCmsInstalled(CMS_DIR);
  const snapshot = await makeSeededSnapshot();
  project.provide('cmsSnapshot', snapshot);
  return () => removeSnapshot(snapshot);
}
