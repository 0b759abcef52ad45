// @vitest-environment node
import { mkdtemp, mkdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { defaultPeers, folderBytes, formatTable, isPeer, mareaBuild, parseGnuTime, parseHarnessResult, parseHarnessVersions, peerBuild, readMareaReport } from './peers.js';

// Real reports of GNU time 1.9 (`/usr/bin/time -v -o FILE`, Debian 12) on this project's machine, verbatim.
// Eleventy at N=5000 under bench.sh (whose command is a multi-line bash function).
const ELEVENTY_5000 = `	Command being timed: "bash -c build_peer () 
{ 
    case "$1" in 
        vrs)
            NODE_ENV=production node_modules/.bin/vite-react-ssg build
        ;;
        astro)
            ASTRO_TELEMETRY_DISABLED=1 node_modules/.bin/astro build
        ;;
        eleventy)
            node_modules/.bin/eleventy
        ;;
    esac
}; build_peer eleventy"
	User time (seconds): 7.89
	System time (seconds): 3.96
	Percent of CPU this job got: 113%
	Elapsed (wall clock) time (h:mm:ss or m:ss): 0:10.48
	Average shared text size (kbytes): 0
	Average unshared data size (kbytes): 0
	Average stack size (kbytes): 0
	Average total size (kbytes): 0
	Maximum resident set size (kbytes): 787192
	Average resident set size (kbytes): 0
	Major (requiring I/O) page faults: 1
	Minor (reclaiming a frame) page faults: 252886
	Voluntary context switches: 3079
	Involuntary context switches: 2409
	Swaps: 0
	File system inputs: 7168
	File system outputs: 424088
	Socket messages sent: 0
	Socket messages received: 0
	Signals delivered: 0
	Page size (bytes): 4096
	Exit status: 0
`;
// Marea's bench:build at N=100 under bench:peers.
const MAREA_100 = `	Command being timed: "/work/wt-peers/node_modules/.bin/tsx /work/wt-peers/scripts/bench-build.ts --pages 100"
	User time (seconds): 5.12
	System time (seconds): 1.73
	Percent of CPU this job got: 123%
	Elapsed (wall clock) time (h:mm:ss or m:ss): 0:05.57
	Average shared text size (kbytes): 0
	Average unshared data size (kbytes): 0
	Average stack size (kbytes): 0
	Average total size (kbytes): 0
	Maximum resident set size (kbytes): 732040
	Average resident set size (kbytes): 0
	Major (requiring I/O) page faults: 11
	Minor (reclaiming a frame) page faults: 179115
	Voluntary context switches: 31972
	Involuntary context switches: 7645
	Swaps: 0
	File system inputs: 103280
	File system outputs: 70624
	Socket messages sent: 0
	Socket messages received: 0
	Signals delivered: 0
	Page size (bytes): 4096
	Exit status: 0
`;
// `bash -c 'kill -9 $$'`: a process killed by a signal (as the kernel's OOM killer would) still says "Exit status: 0".
const KILLED = `Command terminated by signal 9
	Command being timed: "bash -c kill -9 $$"
	User time (seconds): 0.00
	System time (seconds): 0.00
	Percent of CPU this job got: 100%
	Elapsed (wall clock) time (h:mm:ss or m:ss): 0:00.00
	Average shared text size (kbytes): 0
	Average unshared data size (kbytes): 0
	Average stack size (kbytes): 0
	Average total size (kbytes): 0
	Maximum resident set size (kbytes): 3112
	Average resident set size (kbytes): 0
	Major (requiring I/O) page faults: 0
	Minor (reclaiming a frame) page faults: 160
	Voluntary context switches: 1
	Involuntary context switches: 0
	Swaps: 0
	File system inputs: 0
	File system outputs: 0
	Socket messages sent: 0
	Socket messages received: 0
	Signals delivered: 0
	Page size (bytes): 4096
	Exit status: 0
`;
// `bash -c 'exit 3'`.
const FAILED = `Command exited with non-zero status 3
	Command being timed: "bash -c exit 3"
	User time (seconds): 0.00
	System time (seconds): 0.00
	Percent of CPU this job got: 100%
	Elapsed (wall clock) time (h:mm:ss or m:ss): 0:00.00
	Average shared text size (kbytes): 0
	Average unshared data size (kbytes): 0
	Average stack size (kbytes): 0
	Average total size (kbytes): 0
	Maximum resident set size (kbytes): 3140
	Average resident set size (kbytes): 0
	Major (requiring I/O) page faults: 2
	Minor (reclaiming a frame) page faults: 164
	Voluntary context switches: 3
	Involuntary context switches: 0
	Swaps: 0
	File system inputs: 24
	File system outputs: 0
	Socket messages sent: 0
	Socket messages received: 0
	Signals delivered: 0
	Page size (bytes): 4096
	Exit status: 3
`;

// bench.sh's results files: astro at N=100, and vrs without its node_modules.
const RESULTS_ASTRO = `N=100: 202 pages expected (100 slugs x 2 locales + 2 homes); node v24.21.0; 2 cores; 2026-11-24T21:07Z
peer        pages   wall s  pages/s   peak RSS MB    CPU  status
astro         202      2.0      101           354   115%  ok
`;
const RESULTS_VRS_NOT_INSTALLED = `N=10: 22 pages expected (10 slugs x 2 locales + 2 homes); node v20.20.2; 2 cores; 2026-11-24T21:07Z
peer        pages   wall s  pages/s   peak RSS MB    CPU  status
vrs             -        -        -             -      -  not installed
`;
// What bench.sh printed for astro at N=100 (its standard output; the repository's path replaced).
const HARNESS_ASTRO = `== content: 100 slugs x 2 locales
gen-content: 100 slugs x 2 locales = 200 pages + 2 home pages, 2.4 MB JSON in /work/marea/reports/peers/content
== machine: 2 cores, 24 GB RAM, node v24.21.0
== astro: astro@5.18.2 vite@6.4.6
   html=202 expected=202 missing=0 bad=0; wall 2.0s, peak RSS 354 MB, CPU 115%; ok
N=100: 202 pages expected (100 slugs x 2 locales + 2 homes); node v24.21.0; 2 cores; 2026-11-24T21:07Z
peer        pages   wall s  pages/s   peak RSS MB    CPU  status
astro         202      2.0      101           354   115%  ok
(table saved to /work/marea/reports/peers/results-100-astro.txt; build logs in /work/marea/reports/peers/logs-100/)
`;

describe('GNU time -v', () => {
  it('gives the wall time in seconds and the peak RSS in MB (1 MB = 1,024 KB)', () => {
    expect(parseGnuTime(ELEVENTY_5000)).toEqual({ wallSeconds: 10.48, peakRssMb: 787192 / 1024, cpuPercent: 113, exitStatus: 0 });
    expect(parseGnuTime(MAREA_100)).toMatchObject({ wallSeconds: 5.57, cpuPercent: 123, exitStatus: 0 });
    expect(parseGnuTime(MAREA_100).peakRssMb).toBeCloseTo(714.88, 2);
  });

  it('reads h:mm:ss as well as m:ss', () => {
    expect(parseGnuTime(ELEVENTY_5000.replace('0:10.48', '1:02:03.25')).wallSeconds).toBeCloseTo(3723.25);
    expect(parseGnuTime(ELEVENTY_5000.replace('0:10.48', '12:00.50')).wallSeconds).toBeCloseTo(720.5);
  });

  it('gives the exit status, and none for a process killed by a signal', () => {
    expect(parseGnuTime(FAILED).exitStatus).toBe(3);
    expect(parseGnuTime(KILLED).exitStatus).toBeNull();
  });

  it('names what is missing when the text is not its report', () => {
    expect(() => parseGnuTime('real\t0m7.210s\nuser\t0m7.630s\n')).toThrow(/Elapsed \(wall clock\) time/);
    expect(() => parseGnuTime(ELEVENTY_5000.replace(/\tMaximum resident.*\n/, ''))).toThrow(/Maximum resident set size/);
  });
});

describe("bench.sh's output", () => {
  it("reads a peer's pages, status and Node from its results file", () => {
    expect(parseHarnessResult(RESULTS_ASTRO, 'astro')).toEqual({ node: 'v24.21.0', pages: 202, status: 'ok' });
    expect(parseHarnessResult(RESULTS_VRS_NOT_INSTALLED, 'vrs')).toEqual({ node: 'v20.20.2', pages: null, status: 'not installed' });
    const failed = RESULTS_ASTRO.replace(/ok$/m, 'build failed (exit 1, see /w/logs-100/astro.log)');
    expect(parseHarnessResult(failed, 'astro').status).toBe('build failed (exit 1, see /w/logs-100/astro.log)');
    expect(() => parseHarnessResult(RESULTS_ASTRO, 'eleventy')).toThrow(/no row for eleventy/);
  });

  it("reads the versions it printed before the peer's build, not its other == lines", () => {
    expect(parseHarnessVersions(HARNESS_ASTRO, 'astro')).toBe('astro@5.18.2 vite@6.4.6');
    expect(parseHarnessVersions('== eleventy: @11ty/eleventy@3.1.7\n', 'eleventy')).toBe('@11ty/eleventy@3.1.7');
    expect(parseHarnessVersions('== vrs: no node_modules (run: cd vrs && npm ci)\n', 'vrs')).toBeNull();
    expect(parseHarnessVersions(HARNESS_ASTRO, 'eleventy')).toBeNull();
  });
});

describe("bench:build's report", () => {
  it('reads the fields it has and leaves the others null', () => {
    const report = readMareaReport({ slugs: 100, pages: 202, wallMs: 3101, generateMs: 137, pagesPerSecond: 65, peakRssMb: 702, bundleCached: false, node: 'v24.21.0' });
    expect(report).toEqual({ pages: 202, wallMs: 3101, pagesPerSecond: 65, peakRssMb: 702, bytes: null, bytesPerPage: null, bundleCached: false, node: 'v24.21.0' });
    expect(readMareaReport({ pages: '202', wallMs: null })).toMatchObject({ pages: null, wallMs: null });
    expect(readMareaReport(null).pages).toBeNull();
  });
});

describe('the table', () => {
  const marea = mareaBuild({
    report: readMareaReport({ pages: 10_002, wallMs: 44_000, pagesPerSecond: 227, peakRssMb: 2761, bytes: 974_651_656, bytesPerPage: 97_446 }),
    time: parseGnuTime(MAREA_100.replace('0:05.57', '0:56.10').replace('732040', '2768208')),
    versions: 'marea@0.1.0',
    node: 'v24.21.0',
    status: 'ok',
  });
  const eleventy = peerBuild({
    name: 'eleventy',
    time: parseGnuTime(ELEVENTY_5000),
    result: { node: 'v24.21.0', pages: 10_002, status: 'ok' },
    versions: '@11ty/eleventy@3.1.7',
    outputBytes: 15.3 * 1024 * 10_002,
    status: 'ok',
  });

  it("takes Marea's pages/s from the build in its process, its wall and RSS from GNU time", () => {
    expect(marea.buildSeconds).toBe(44);
    expect(marea.processSeconds).toBe(56.1);
    expect(marea.pagesPerSecond).toBeCloseTo(227.3, 1);
    expect(marea.peakRssMb).toBeCloseTo(2703.3, 1);
    expect(marea.outputKbPerPage).toBeCloseTo(95.2, 1);
    expect(eleventy.pagesPerSecond).toBeCloseTo(954.4, 1);
  });

  it("prints a row per build and Marea's ratio to each peer", () => {
    const lines = formatTable(marea, [eleventy]).split('\n');
    expect(lines.slice(0, 4)).toEqual([
      '| build    |  pages | build s | process s | pages/s | peak RSS MB |  CPU | KB/page | Marea / it, pages/s | Marea / it, RSS |',
      '| -------- | -----: | ------: | --------: | ------: | ----------: | ---: | ------: | ------------------: | --------------: |',
      '| Marea    | 10,002 |    44.0 |      56.1 |     227 |       2,703 | 123% |    95.2 |                     |                 |',
      '| eleventy | 10,002 |    10.5 |      10.5 |     954 |         769 | 113% |    15.3 |               0.24× |           3.52× |',
    ]);
    expect(lines).toContain('Marea / eleventy: 0.24× the pages/s, 3.52× the peak RSS');
  });

  it('shows what is unknown as a dash, and each failed build with its log', () => {
    const broken = peerBuild({
      name: 'astro',
      time: null,
      result: null,
      versions: null,
      outputBytes: null,
      status: 'build failed (exit 1); build log reports/peers/logs-100/astro.log',
    });
    const partial = mareaBuild({ report: readMareaReport({ pages: 202, pagesPerSecond: 65 }), time: null, versions: 'marea@0.1.0', node: 'v24.21.0', status: 'ok' });
    expect(partial).toMatchObject({ pagesPerSecond: 65, buildSeconds: null, peakRssMb: null, outputKbPerPage: null });
    const table = formatTable(partial, [broken]);
    expect(table).toContain('| astro |     – |       – |         – |       – |           – |   – |       – |                   – |               – |');
    expect(table).toContain('Marea / astro: – the pages/s, – the peak RSS');
    expect(table).toMatch(/^✗ astro: build failed \(exit 1\); build log reports\/peers\/logs-100\/astro\.log$/m);
  });

  it('gives no ratio to a build that failed, though GNU time measured it', () => {
    const failed = { ...eleventy, status: 'check failed: html=0 expected=10002 missing=10002 bad=0 (see logs-5000/eleventy.check)' };
    expect(formatTable(marea, [failed])).toContain('Marea / eleventy: – the pages/s, – the peak RSS');
    expect(formatTable({ ...marea, status: 'bench:build failed (killed by a signal)' }, [eleventy])).toContain('Marea / eleventy: – the pages/s, – the peak RSS');
  });
});

describe('the peers a run builds', () => {
  it('builds every peer but vrs up to N = 1000, and Astro and Eleventy above (Next.js and React Router only when named)', () => {
    expect(defaultPeers(1000)).toEqual(['astro', 'eleventy', 'next', 'rr']);
    expect(defaultPeers(5000)).toEqual(['astro', 'eleventy']);
    expect(['astro', 'eleventy', 'next', 'rr', 'vrs'].every(isPeer)).toBe(true);
    expect(isPeer('gatsby')).toBe(false);
  });

  it("counts a peer's pages/s over the content's pages, not the extra 404 pages a framework writes", () => {
    const next = peerBuild({
      name: 'next',
      time: parseGnuTime(ELEVENTY_5000.replace('0:10.48', '0:31.70')),
      result: { node: 'v24.21.0', pages: 2005, status: 'ok' },
      versions: 'next@16.4.6',
      outputBytes: 2002 * 20 * 1024,
      status: 'ok',
      pagesExpected: 2002,
    });
    expect(next.pages).toBe(2005);
    expect(next.pagesPerSecond).toBeCloseTo(2002 / 31.7, 3);
    expect(next.outputKbPerPage).toBeCloseTo(20, 3);
  });
});

describe('output bytes', () => {
  it('adds the sizes of every file below a folder, HTML apart', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'marea-peers-'));
    try {
      await mkdir(path.join(dir, 'es/offers'), { recursive: true });
      await writeFile(path.join(dir, 'index.html'), 'x'.repeat(100));
      await writeFile(path.join(dir, 'es/offers/index.html'), 'x'.repeat(50));
      await writeFile(path.join(dir, 'es/offers/data.json'), 'x'.repeat(7));
      expect(await folderBytes(dir)).toEqual({ all: 157, html: 150 });
      expect(await folderBytes(path.join(dir, 'missing'))).toBeNull();
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
