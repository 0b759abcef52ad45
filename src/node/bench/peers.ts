/**
 * bench:peers (scripts/bench-peers.ts): the peers' harness
 * (../shared/bench-peers/bench.sh) and Marea's own benchmark, measured the
 * same way (GNU time around the whole process), in one table.
 */

export interface Measured {
  name: string;
  pages: number;
  /** Wall time of the build, seconds (for Marea: the process's, minus generating its synthetic content). */
  wallSeconds: number;
  peakRssMb: number;
  /** Bytes of HTML (and, for Marea, payloads) a page, or null when unknown. */
  kbPerPage: number | null;
  version: string;
}

/** Wall time (s) and maximum resident set size (MB) from `/usr/bin/time -v` output. */
export function parseGnuTime(text: string): { wallSeconds: number; peakRssMb: number } {
  const wall = /Elapsed \(wall clock\) time \(h:mm:ss or m:ss\):\s*([\d:.]+)/.exec(text)?.[1];
  const rss = /Maximum resident set size \(kbytes\):\s*(\d+)/.exec(text)?.[1];
  if (!wall || !rss) throw new Error('not the output of GNU time -v (no "Elapsed (wall clock)" or "Maximum resident set size" line)');
  const wallSeconds = wall.split(':').reduce((total, part) => total * 60 + Number(part), 0);
  return { wallSeconds, peakRssMb: Math.round(Number(rss) / 1024) };
}

const pagesPerSecond = (m: Measured) => m.pages / m.wallSeconds;

/** The table: one row per build, then Marea's ratio to each peer (pages/s: higher is better for Marea; RSS: lower is). */
export function peersTable(marea: Measured, peers: Measured[]): string {
  const rows = [marea, ...peers].map((m) => [
    m.name,
    m.version,
    m.pages.toLocaleString('en-US'),
    m.wallSeconds.toFixed(1),
    Math.round(pagesPerSecond(m)).toLocaleString('en-US'),
    m.peakRssMb.toLocaleString('en-US'),
    m.kbPerPage === null ? '–' : m.kbPerPage.toFixed(1),
  ]);
  const head = ['build', 'version', 'pages', 'wall s', 'pages/s', 'peak RSS MB', 'KB/page'];
  const widths = head.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
  const line = (cells: string[]) => `| ${cells.map((c, i) => c.padEnd(widths[i]!)).join(' | ')} |`;
  const table = [line(head), `|${widths.map((w) => '-'.repeat(w + 2)).join('|')}|`, ...rows.map(line)];
  const ratios = peers.map(
    (p) => `Marea / ${p.name}: ${(pagesPerSecond(marea) / pagesPerSecond(p)).toFixed(2)}× the pages/s, ${(marea.peakRssMb / p.peakRssMb).toFixed(2)}× the peak RSS`,
  );
  return [...table, '', ...ratios].join('\n');
}
