import { chromium, type Browser } from 'playwright-core';
import { chromiumCandidates, findChromium } from '../../scripts/chromium-path.mjs';

/** The Chromium scripts/ensure-chromium.mjs found: the same lookup (scripts/chromium-path.mjs). */
function chromiumPath(): string {
  const found = findChromium();
  if (found) return found;
  // Fail, never skip: the README's test command must not pass without browser tests.
  throw new Error(`No Chromium found (tried ${chromiumCandidates().join(', ')}). Install it: apt-get install -y chromium, or set CHROME_PATH.`);
}

/** Headless Chromium with the flags this sandbox needs (no network beyond loopback). */
export function launchChromium(): Promise<Browser> {
  return chromium.launch({
    executablePath: chromiumPath(),
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--disable-dev-shm-usage',
    ],
  });
}
