import { LOCALES } from '../../../shared/locales.js';
import { wireJson } from '../../../shared/payload.js';
import { modalsFile } from '../../../shared/routes.js';
import type { Bundle } from '../bundle.js';
import { copyTree, writeFiles } from '../files.js';
import { formStubsFile } from '../forms.js';
import { headersFile, splitFormActions, unlistedFormActions } from '../headers.js';
import type { Restored } from '../held-back.js';
import { formActionOrigins } from '../media-walks.js';
import type { SetAsideBlocks } from '../spill.js';
import { carryOverAssets } from '../publish.js';
import type { RenderedFile } from '../render.js';
import { formatBytes } from '../task.js';
import type { BuildRun } from './run.js';

/** The site's files besides its pages: the forms' stubs, each locale's modals, and `_headers`. */
export function siteFiles(run: BuildRun, bundle: Bundle, restored: Restored, setAside?: SetAsideBlocks): RenderedFile[] {
  const { content } = restored;
  const extra: RenderedFile[] = [];
  const stubs = formStubsFile(bundle.server.renderFormStubs(Object.values(content.modals).flat()));
  if (stubs) extra.push(stubs);
  // Every modal of each locale, for shared `#modal=` URLs on pages that do not link them; written as
  // the payloads are (media packed; no `</script`, `<!--` or raw U+2028 in any JSON the site serves).
  for (const locale of LOCALES) extra.push({ file: modalsFile(locale), content: wireJson(content.modals[locale]) });
  // The Content-Security-Policy follows the configuration and the content (headers.ts).
  // Forms posting off the site widen it only for FORM_HOSTS; the others are named (the browser refuses their posts).
  // A large site's pages were walked by the threads that set their blocks aside (spill.ts), but for those held back,
  // which are the live build's (held-back.ts `restoreLive`).
  const origins = setAside ? run.walk({ ...content, pages: [...restored.pages.keys()] }, formActionOrigins, setAside.forms) : run.walk(content, formActionOrigins);
  const forms = splitFormActions(origins, run.config.formHosts);
  for (const line of unlistedFormActions(content, forms.unlisted)) run.log(`  ${line}`);
  extra.push(headersFile({ public: run.config.public, formActions: forms.listed, noindex: run.config.deploy === 'preview' }));
  return extra;
}

/** The write phase: the client bundle's files, the assets of earlier builds still live (publish.ts), and `extra`. */
export function writeSiteFiles(run: BuildRun, bundle: Bundle, staging: string, buildId: string, extra: RenderedFile[]) {
  return run.phases.run(
    'write',
    async () => {
      await copyTree(bundle.clientDir, staging, ['index.html', 'complete', '.vite']);
      const carried = await carryOverAssets(run.paths, staging, buildId, run.log);
      return { bytes: await writeFiles(staging, extra), files: extra.length, carried };
    },
    (w) => `${w.files} files, ${formatBytes(w.bytes)}, ${w.carried} assets kept from earlier builds`,
  );
}
