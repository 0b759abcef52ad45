import { accessSync, constants } from 'node:fs';
import { chromium, type Browser } from 'playwright-core';

/** Same search as scripts/ensure-chromium.mjs: CHROME_PATH, then Debian's chromium. */
export function chromiumPath(): string {
  const candidates = [process.env.CHROME_PATH, '/usr/bin/chromium', '/usr/bin/chromium-browser'].filter((c): c is string => !!c);
  for (const candidate of candidates) {
    try {
      accessSync(candidate, constants.X_OK);
      return candidate;
    } catch {
      // next
    }
  }
  // Fail, never skip: the README's test command must not pass without browser tests.
  throw new Error(`No Chromium found (tried ${candidates.join(', ')}). Install it: apt-get install -y chromium, or set CHROME_PATH.`);
}

/** Headless Chromium with the flags this sandbox needs (no network beyond loopback). */
export function launchChromium(): Promise<Browser> {
  return chromium.launch({
    executablePath: chromiumPath(),
    headless: true,
    args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--disable-dev-shm-usage'],
  });
}
