#!/usr/bin/env node
// Finds the Chromium the browser tests drive (playwright-core never downloads
// one here): $CHROME_PATH, then Debian's /usr/bin/chromium. As root with apt,
// installs Debian's `chromium` package. Otherwise fails, saying how to get one.
// Prints the path; test/browser/chromium.ts resolves it the same way.
import { accessSync, constants } from 'node:fs';
import { execSync } from 'node:child_process';

const candidates = [process.env.CHROME_PATH, '/usr/bin/chromium', '/usr/bin/chromium-browser'].filter(Boolean);

function usable(file) {
  try {
    accessSync(file, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

let found = candidates.find(usable);
if (!found && process.getuid?.() === 0 && usable('/usr/bin/apt-get')) {
  console.log('Chromium not found: installing Debian\'s chromium package (apt-get)…');
  try {
    execSync('apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium', { stdio: 'inherit' });
  } catch {
    // reported below
  }
  found = candidates.find(usable);
}
if (!found) {
  console.error(
    [
      '✗ No Chromium for the browser tests.',
      '  Install Debian\'s package:   sudo apt-get update && sudo apt-get install -y chromium',
      '  or point CHROME_PATH at a Chromium/Chrome binary:   CHROME_PATH=/path/to/chrome npm test',
      '  (playwright-core never downloads a browser here.)',
    ].join('\n'),
  );
  process.exit(1);
}
console.log(`Chromium: ${found}`);
