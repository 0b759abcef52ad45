// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { parseGnuTime, peersTable, type Measured } from './peers.js';

// Real `/usr/bin/time -v` output (GNU time 1.9, Debian 12), trimmed.
const TIME_V = `\tCommand being timed: "bash -c build_peer eleventy"
\tUser time (seconds): 7.63
\tSystem time (seconds): 1.02
\tPercent of CPU this job got: 116%
\tElapsed (wall clock) time (h:mm:ss or m:ss): 0:07.21
\tAverage shared text size (kbytes): 0
\tMaximum resident set size (kbytes): 779264
\tExit status: 0
`;

describe('bench:peers', () => {
  it('reads wall time and peak RSS from GNU time -v', () => {
    expect(parseGnuTime(TIME_V)).toEqual({ wallSeconds: 7.21, peakRssMb: 761 });
    expect(parseGnuTime(TIME_V.replace('0:07.21', '1:02:03.5')).wallSeconds).toBeCloseTo(3723.5);
  });

  it('names what is missing when the text is not GNU time output', () => {
    expect(() => parseGnuTime('real 0m7.2s')).toThrow(/Elapsed \(wall clock\)/);
  });

  it("prints one row per build and Marea's ratio to each peer", () => {
    const marea: Measured = { name: 'marea', pages: 10_002, wallSeconds: 30, peakRssMb: 2_000, kbPerPage: 85.1, version: 'marea@0.1.0' };
    const eleventy: Measured = { name: 'eleventy', pages: 10_002, wallSeconds: 7.2, peakRssMb: 761, kbPerPage: 15.3, version: '@11ty/eleventy@3.1.7' };
    const table = peersTable(marea, [eleventy]);
    expect(table).toContain('| marea    | marea@0.1.0');
    expect(table).toMatch(/\| eleventy \| @11ty\/eleventy@3\.1\.7 \| 10,002 \| 7\.2 +\| 1,389 +\| 761 +\| 15\.3 +\|/);
    expect(table).toContain('Marea / eleventy: 0.24× the pages/s, 2.63× the peak RSS');
  });
});
