import { writeChecksums } from '../checksums.js';
import type { BuildRun } from './run.js';
import type { Rendered } from './render.js';

/**
 * The checksums phase, SHA256SUMS (checksums.ts): the pages' hashes come from the render workers, which hashed the bytes
 * they wrote; those of the files taken unchanged from the previous build from its manifest; the rest are read.
 */
export function writeSums(run: BuildRun, staging: string, rendered: Rendered) {
  const { previous } = rendered;
  return run.phases.run(
    'checksums',
    () => writeChecksums(staging, previous?.dir, rendered.totals.hashes, rendered.fromPrevious),
    (c) => `SHA256SUMS: ${c.files} files, ${c.written} hashed as written${c.reused ? `, ${c.reused} hashes reused from ${previous!.buildId}` : ''}`,
  );
}
