/**
 * `npm run bench:gate [-- --rounds N]`: what the publish gate costs a
 * publish. Starts a throwaway Strapi seeded from content-cache/, publishes N
 * clean edits and N refused ones (a slug another page has) through the REST
 * API, and prints, from the gate's own log line, where each publish's time
 * goes (reading the live site, the publish, the checks) and the whole REST
 * call: median, min and max. Prints numbers; asserts nothing.
 */
import '../src/node/platform/require-project-node.js';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ensureCmsInstalled } from '../src/node/cms-server/install.js';
import { CMS_DIR } from '../src/node/cms-server/paths.js';
import { startSeededCms } from '../src/node/cms-server/throwaway.js';
import { strapiEditor } from '../src/node/cms-server/editor.js';
import { freePort } from '../src/node/platform/free-port.js';

const roundsAt = process.argv.indexOf('--rounds');
const rounds = roundsAt > 0 ? Number(process.argv[roundsAt + 1]) : 7;
/** `[marea] publish of api::page.page checked in 0.38 s: site read 0.18 s, publish 0.08 s, checks 0.09 s: …` (parts/gate.js). */
const LINE = /\[marea\] publish of \S+ (checked in|refused \(\d+ error\(s\),) ([\d.]+) s: site read ([\d.]+) s, publish ([\d.]+) s, checks ([\d.]+) s/;

const stats = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;
  return `median ${at(0.5).toFixed(2)} s (${sorted[0]!.toFixed(2)}–${sorted[sorted.length - 1]!.toFixed(2)})`;
};

ensureCmsInstalled(CMS_DIR);
const dir = await mkdtemp(path.join(tmpdir(), 'marea-bench-gate-'));
const lines: string[] = [];
const cms = await startSeededCms(dir, { port: await freePort(), log: (line) => lines.push(line) });
try {
  const editor = await strapiEditor(cms.url, { email: cms.adminEmail, password: cms.adminPassword });
  const pages = (await editor.rest('GET', '/api/pages?locale=en&fields[0]=slug&fields[1]=title&pagination[pageSize]=100')).data as Array<{
    documentId: string;
    slug: string;
    title: string;
  }>;
  const [target, other] = [pages.find((p) => p.slug === 'services/spa')!, pages.find((p) => p.slug === 'rooms')!];
  const calls: Record<'clean' | 'refused', number[]> = { clean: [], refused: [] };
  for (let round = 0; round < rounds; round += 1) {
    let started = performance.now();
    await editor.rest('PUT', `/api/pages/${target.documentId}?locale=en`, { data: { title: `${target.title} ${round}` } });
    calls.clean.push((performance.now() - started) / 1000);
    started = performance.now();
    await editor.rest('PUT', `/api/pages/${target.documentId}?locale=en`, { data: { slug: other.slug } }).catch(() => undefined);
    calls.refused.push((performance.now() - started) / 1000);
  }
  await new Promise((resolve) => setTimeout(resolve, 300));
  const parsed = lines.flatMap((line) => {
    const match = LINE.exec(line);
    return match ? [{ refused: match[1] !== 'checked in', total: Number(match[2]), read: Number(match[3]), publish: Number(match[4]), checks: Number(match[5]) }] : [];
  });
  console.log(
    `Publish gate on the bundled site (${pages.length} English pages), ${rounds} clean and ${rounds} refused publishes through REST; the first clean one loads the bundle:`,
  );
  for (const refused of [false, true]) {
    const of = parsed.filter((p) => p.refused === refused);
    if (of.length === 0) continue;
    console.log(
      `  ${refused ? 'refused' : 'clean  '}  gate ${stats(of.map((p) => p.total))}: site read ${stats(of.map((p) => p.read))}, publish ${stats(of.map((p) => p.publish))}, checks ${stats(of.map((p) => p.checks))}`,
    );
    console.log(`           whole REST call ${stats(calls[refused ? 'refused' : 'clean'])}`);
  }
} finally {
  await cms.stop();
  await rm(dir, { recursive: true, force: true });
}
