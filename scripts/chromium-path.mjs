// Where the browser tests find Chromium (playwright-core never downloads one
// here): $CHROME_PATH, then Debian's /usr/bin/chromium. The one lookup for
// scripts/ensure-chromium.mjs (plain node, before any TypeScript tooling)
// and test/support/chromium.ts; types in chromium-path.d.mts.
import { accessSync, constants } from 'node:fs';

/** The paths tried, in order. */
export function chromiumCandidates() {
  return [process.env.CHROME_PATH, '/usr/bin/chromium', '/usr/bin/chromium-browser'].filter((candidate) => !!candidate);
}

/** The first executable candidate, or null. */
export function findChromium() {
  return chromiumCandidates().find(isExecutable) ?? null;
}

/** Whether `file` exists and may be executed. */
export function isExecutable(file) {
  try {
    accessSync(file, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}
