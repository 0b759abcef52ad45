/**
 * `tsx scripts/synthetic-content.ts DIR SLUGS`: writes the bench's synthetic
 * content (src/node/bench/synthetic.ts: a home page plus SLUGS pages in each
 * locale, content-cache/ layout) into DIR. `bench:build` runs it as a child
 * process, so the memory making the content takes is not counted as the build's.
 */
import '../src/node/platform/require-project-node.js';
import { writeSyntheticContent } from '../src/node/bench/synthetic.js';

const [dir, slugs] = process.argv.slice(2);
if (!dir || !Number.isInteger(Number(slugs)) || Number(slugs) < 1) {
  console.error('usage: tsx scripts/synthetic-content.ts DIR SLUGS (a positive whole number)');
  process.exit(1);
}
await writeSyntheticContent(dir, Number(slugs));
