/**
 * Imported first by every script in scripts/: stops at once, saying why and
 * how to fix it, when a script runs on another Node major than the project's
 * (e.g. `tsx scripts/build.ts` started outside npm on the system Node).
 */
import { wrongNode } from './node-runtime.js';

const problem = wrongNode();
if (problem) {
  console.error(`✗ ${problem}`);
  process.exit(1);
}
