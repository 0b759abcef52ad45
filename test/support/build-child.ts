/** A build in its own process (tests kill it mid-way): build-child <contentDir> <dist> <builds> [<ISO date>]. */
import { projectPaths } from '../../src/node/build/paths.js';
import { buildSite } from './build-site.js';

const [contentDir, dist, builds, day] = process.argv.slice(2) as [string, string, string, string | undefined];
await buildSite(contentDir, { paths: projectPaths({ dist, builds }), now: new Date(day ?? '2026-06-20T12:00:00Z'), echo: true });
