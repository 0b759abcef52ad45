/**
 * bench:peers (scripts/bench-peers.ts): the peers' harness
 * (../shared/bench-peers/bench.sh: Astro, Eleventy, Next.js, React Router,
 * vite-react-ssg) and
 * Marea's own benchmark (bench:build), each whole process under GNU time, in
 * one table with Marea's ratio to each peer. This module reads what they
 * leave behind (GNU time's `-v` report, bench.sh's results file and output,
 * bench:build's JSON report) and formats the table; the script runs them.
 */
import { lstat, readdir } from 'node:fs/promises';
import path from 'node:path';

/** The peers bench.sh knows (its ALL_PEERS), and each one's output folder inside its own (its `out_of`). */
export const PEER_OUTPUT = { astro: 'dist', eleventy: '_site', next: 'out', rr: 'build/client', vrs: 'dist' } as const;
export type Peer = keyof typeof PEER_OUTPUT;
export const isPeer = (name: string): name is Peer => Object.hasOwn(PEER_OUTPUT, name);

/**
 * Above this many slugs the slow peers (Next.js, React Router: 5–10 minutes at
 * N = 5000 on two cores) run only when named (`--peers`); Astro and Eleventy
 * run at every size. vite-react-ssg runs only when named (about 5 minutes at N = 5000).
 */
const SLOW_PEERS_UP_TO = 1000;

/** The peers a run builds when `--peers` does not say: every peer of the harness but vrs, the slow ones up to `SLOW_PEERS_UP_TO` slugs. */
export const defaultPeers = (slugs: number): Peer[] => (slugs <= SLOW_PEERS_UP_TO ? ['astro', 'eleventy', 'next', 'rr'] : ['astro', 'eleventy']);

export interface GnuTime {
  /** "Elapsed (wall clock) time", seconds: the whole process, start-up included. */
  wallSeconds: number;
  /** "Maximum resident set size", MB (1 MB = 1,024 KB): the largest process of the tree (threads included), not their sum. */
  peakRssMb: number;
  /** "Percent of CPU this job got" (above 100: more than one core). */
  cpuPercent: number | null;
  /** "Exit status", or null when the command was killed by a signal. */
  exitStatus: number | null;
}

/** Wall time, peak RSS, CPU and exit status from the report of `/usr/bin/time -v` (GNU time). */
export function parseGnuTime(text: string): GnuTime {
  const field = (label: string) => new RegExp(`^\\s*${label}:\\s*(\\S+)\\s*$`, 'm').exec(text)?.[1];
  const wall = field('Elapsed \\(wall clock\\) time \\(h:mm:ss or m:ss\\)');
  const rss = field('Maximum resident set size \\(kbytes\\)');
  if (!wall || !rss || !/^(\d+:){1,2}\d+(\.\d+)?$/.test(wall) || !/^\d+$/.test(rss)) {
    throw new Error('not the report of GNU time -v: no "Elapsed (wall clock) time" or "Maximum resident set size (kbytes)" line');
  }
  const cpu = field('Percent of CPU this job got');
  const exit = field('Exit status');
  return {
    wallSeconds: wall.split(':').reduce((total, part) => total * 60 + Number(part), 0),
    peakRssMb: Number(rss) / 1024,
    cpuPercent: cpu && /^\d+%$/.test(cpu) ? Number(cpu.slice(0, -1)) : null,
    exitStatus: exit !== undefined && !/^Command terminated by signal/m.test(text) ? Number(exit) : null,
  };
}

export interface HarnessResult {
  /** The Node that ran the peer (`node -v`, from the results file's first line). */
  node: string | null;
  /** HTML files the peer wrote (check-output.mjs's count), null when it wrote none. */
  pages: number | null;
  /** "ok", or bench.sh's word for what failed ("build failed (exit 1, see …)", "check failed: …", "not installed"). */
  status: string;
}

/** The peer's row of bench.sh's `results-<N>-<peer>.txt` (`peer pages wall pages/s rss cpu status`) and the Node it ran on. */
export function parseHarnessResult(text: string, peer: string): HarnessResult {
  const row = text.split('\n').find((line) => line.split(/\s+/)[0] === peer);
  const cells = row?.trim().split(/\s+/);
  if (!cells || cells.length < 7) throw new Error(`no row for ${peer} in bench.sh's results`);
  return {
    node: /\bnode (v\d+\.\d+\.\d+)/.exec(text)?.[1] ?? null,
    pages: /^\d+$/.test(cells[1]!) && Number(cells[1]) > 0 ? Number(cells[1]) : null,
    status: cells.slice(6).join(' '),
  };
}

/** The versions bench.sh prints before a peer's build (its `version_of`: `== astro: astro@5.18.2 vite@6.4.6`). */
export function parseHarnessVersions(output: string, peer: string): string | null {
  for (const line of output.split('\n')) {
    const versions = line.startsWith(`== ${peer}: `) ? line.slice(peer.length + 5).trim() : '';
    if (versions && versions.split(' ').every((part) => /^(@[^/\s]+\/)?[^@\s]+@\S+$/.test(part))) return versions;
  }
  return null;
}

/** What bench:build's reports/bench-<N>.json says; any field it does not have (or not as a number) is null. */
export interface MareaReport {
  pages: number | null;
  /** The build in the process (bench:build's own clock): after its synthetic content is written, before its output is measured. */
  wallMs: number | null;
  pagesPerSecond: number | null;
  peakRssMb: number | null;
  /** Every file published: pages, payloads, manifests, assets and media. */
  bytes: number | null;
  bytesPerPage: number | null;
  bundleCached: boolean | null;
  node: string | null;
}

export function readMareaReport(json: unknown): MareaReport {
  const record = json !== null && typeof json === 'object' ? (json as Record<string, unknown>) : {};
  const number = (key: string) => {
    const value = record[key];
    return typeof value === 'number' && Number.isFinite(value) ? value : null;
  };
  return {
    pages: number('pages'),
    wallMs: number('wallMs'),
    pagesPerSecond: number('pagesPerSecond'),
    peakRssMb: number('peakRssMb'),
    bytes: number('bytes'),
    bytesPerPage: number('bytesPerPage'),
    bundleCached: typeof record.bundleCached === 'boolean' ? record.bundleCached : null,
    node: typeof record.node === 'string' ? record.node : null,
  };
}

/** One row of the table. */
export interface Build {
  name: string;
  /** Package versions (for a peer: bench.sh's version_of). */
  versions: string;
  node: string | null;
  pages: number | null;
  /** The build's wall time, s: for Marea the build in its process (bench:build's wallMs), for a peer its whole process. pages/s and the ratios use it. */
  buildSeconds: number | null;
  /** The whole process under GNU time, s (for Marea it also writes its synthetic content and measures its output). */
  processSeconds: number | null;
  pagesPerSecond: number | null;
  /** Peak RSS of the process under GNU time, MB. */
  peakRssMb: number | null;
  cpuPercent: number | null;
  /** Every file written (sizes, not disk blocks) per page, KB. */
  outputKbPerPage: number | null;
  /** "ok", or what failed and where its log is. */
  status: string;
}

const ratio = (a: number | null, b: number | null) => (a !== null && b !== null && b > 0 ? a / b : null);

export function mareaBuild(options: { report: MareaReport | null; time: GnuTime | null; versions: string; node: string; status: string }): Build {
  const { report, time } = options;
  const pages = report?.pages ?? null;
  const buildSeconds = report?.wallMs != null ? report.wallMs / 1000 : null;
  const bytesPerPage = report?.bytesPerPage ?? ratio(report?.bytes ?? null, pages);
  return {
    name: 'Marea',
    versions: options.versions,
    node: report?.node ?? options.node,
    pages,
    buildSeconds,
    processSeconds: time?.wallSeconds ?? null,
    pagesPerSecond: ratio(pages, buildSeconds) ?? report?.pagesPerSecond ?? null,
    peakRssMb: time?.peakRssMb ?? report?.peakRssMb ?? null,
    cpuPercent: time?.cpuPercent ?? null,
    outputKbPerPage: bytesPerPage === null ? null : bytesPerPage / 1024,
    status: options.status,
  };
}

export function peerBuild(options: {
  name: string;
  time: GnuTime | null;
  result: HarnessResult | null;
  versions: string | null;
  outputBytes: number | null;
  status: string;
  /**
   * The content's pages (2N + 2): pages/s and KB a page count these, as bench.sh's own pages/s does, not
   * the HTML files a framework adds (Next.js writes three 404 pages, React Router a SPA fallback).
   */
  pagesExpected?: number;
}): Build {
  const { time, result } = options;
  const pages = result?.pages ?? null;
  const sitePages = pages === null ? null : (options.pagesExpected ?? pages);
  const kb = ratio(options.outputBytes, sitePages);
  return {
    name: options.name,
    versions: options.versions ?? '?',
    node: result?.node ?? null,
    pages,
    buildSeconds: time?.wallSeconds ?? null,
    processSeconds: time?.wallSeconds ?? null,
    pagesPerSecond: ratio(sitePages, time?.wallSeconds ?? null),
    peakRssMb: time?.peakRssMb ?? null,
    cpuPercent: time?.cpuPercent ?? null,
    outputKbPerPage: kb === null ? null : kb / 1024,
    status: options.status,
  };
}

export interface Ratio {
  peer: string;
  /** Marea's pages/s over the peer's: above 1, Marea is faster. */
  pagesPerSecond: number | null;
  /** Marea's peak RSS over the peer's: above 1, Marea needs more memory. */
  peakRss: number | null;
}

/** Marea's ratio to each peer; none where either build failed (a failed build's time and memory are not a build's). */
export const ratios = (marea: Build, peers: readonly Build[]): Ratio[] =>
  peers.map((peer) => {
    const both = marea.status === 'ok' && peer.status === 'ok';
    return {
      peer: peer.name,
      pagesPerSecond: both ? ratio(marea.pagesPerSecond, peer.pagesPerSecond) : null,
      peakRss: both ? ratio(marea.peakRssMb, peer.peakRssMb) : null,
    };
  });

const DASH = '–';
const fixed = (value: number | null, digits: number) => (value === null ? DASH : value.toLocaleString('en-US', { minimumFractionDigits: digits, maximumFractionDigits: digits }));
const times = (value: number | null) => (value === null ? DASH : `${value.toFixed(2)}×`);

/**
 * The table (Markdown, numbers right-aligned): one row per build, Marea first,
 * with Marea's ratio to each peer in the peer's row, then one line per peer
 * saying the same in words, and one per failed build.
 */
export function formatTable(marea: Build, peers: readonly Build[]): string {
  const byPeer = new Map(ratios(marea, peers).map((r) => [r.peer, r]));
  const head = ['build', 'pages', 'build s', 'process s', 'pages/s', 'peak RSS MB', 'CPU', 'KB/page', 'Marea / it, pages/s', 'Marea / it, RSS'];
  const rows = [marea, ...peers].map((b) => {
    const r = byPeer.get(b.name);
    return [
      b.name,
      fixed(b.pages, 0),
      fixed(b.buildSeconds, 1),
      fixed(b.processSeconds, 1),
      fixed(b.pagesPerSecond, 0),
      fixed(b.peakRssMb, 0),
      b.cpuPercent === null ? DASH : `${b.cpuPercent}%`,
      fixed(b.outputKbPerPage, 1),
      b === marea ? '' : times(r?.pagesPerSecond ?? null),
      b === marea ? '' : times(r?.peakRss ?? null),
    ];
  });
  const widths = head.map((h, i) => Math.max(h.length, ...rows.map((row) => row[i]!.length)));
  const line = (cells: string[]) => `| ${cells.map((cell, i) => (i === 0 ? cell.padEnd(widths[i]!) : cell.padStart(widths[i]!))).join(' | ')} |`;
  const rule = `| ${widths.map((w, i) => (i === 0 ? '-'.repeat(w) : `${'-'.repeat(w - 1)}:`)).join(' | ')} |`;
  const words = peers.map((p) => {
    const r = byPeer.get(p.name)!;
    return `Marea / ${p.name}: ${times(r.pagesPerSecond)} the pages/s, ${times(r.peakRss)} the peak RSS`;
  });
  const failed = [marea, ...peers].filter((b) => b.status !== 'ok').map((b) => `✗ ${b.name}: ${b.status}`);
  return [line(head), rule, ...rows.map(line), '', ...words, ...(failed.length > 0 ? ['', ...failed] : [])].join('\n');
}

/** Bytes of every file under `dir` (their sizes, like `du --apparent-size` without the folders' own entries); null when there is no such folder. */
export async function folderBytes(dir: string): Promise<{ all: number; html: number } | null> {
  let entries;
  try {
    entries = await readdir(dir, { recursive: true, withFileTypes: true });
  } catch {
    return null;
  }
  let all = 0;
  let html = 0;
  for (const entry of entries) {
    if (!entry.isFile()) continue;
    const { size } = await lstat(path.join(entry.parentPath, entry.name));
    all += size;
    if (entry.name.endsWith('.html')) html += size;
  }
  return { all, html };
}
