#!/usr/bin/env node
// Finds the Chromium the browser tests drive (scripts/chromium-path.mjs, the
// lookup test/support/chromium.ts uses too). As root with apt, installs
// Debian's `chromium` package. Otherwise fails, saying how to get one.
// Prints the path.
import { execSync } from 'node:child_process';
import { findChromium, isExecutable } from './chromium-path.mjs';

let found = findChromium();
if (!found && process.getuid?.() === 0 && isExecutable('/usr/bin/apt-get')) {
  console.log("Chromium not found: installing Debian's chromium package (apt-get)…");
  try {
    execSync('apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium', { stdio: 'inherit' });
  } catch {
    // reported below
  }
  found = findChromium();
}
if (!found) {
  console.error(
    [
      '✗ No Chromium for the browser tests.',
      "  Install Debian's package:   sudo apt-get update && sudo apt-get install -y chromium",
      '  or point CHROME_PATH at a Chromium/Chrome binary:   CHROME_PATH=/path/to/chrome npm test',
      '  (playwright-core never downloads a browser here.)',
    ].join('\n'),
  );
  process.exit(1);
}
console.log(`Chromium: ${found}`);
