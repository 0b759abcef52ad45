// @vitest-environment node
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { BUILD_VARIABLES, loadConfig } from '../../src/node/config/env.js';
import { loadServiceConfig, SERVICE_VARIABLES } from '../../src/node/config/service-env.js';
import { VARIABLES } from '../../src/node/config/variables.js';
import { configurationFiles } from '../../src/node/docs/configuration.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const read = (file: string) => readFileSync(path.join(root, file), 'utf8');

/** Variables the code reads that are not the product's configuration, each with the reason. */
const NOT_CONFIGURATION: Record<string, string> = {
  PATH: 'the shell',
  NODE_ENV: 'set by the build for React, never read as configuration',
  RECHECK_SYNC_BACKEND: "set for recheck, a library's own switch",
  SITE_NAME: 'set by Netlify; the report plugin only links to its deploys with it',
  NETLIFY: 'set by Netlify ("true" in its builds): which platform publishes, not a setting',
  NETLIFY_LOCAL: 'set by `netlify build` on a machine: dist/ stays a real folder for its deploy (publish.ts `swapAsLink`), not a setting',
  BENCH_VERBOSE: 'a benchmark knob',
  BENCH_KEEP: 'a benchmark knob',
  PEERS_DIR: 'a benchmark knob',
  TIME_BIN: 'a benchmark knob',
  BENCH_PROFILE: 'a benchmark knob (bench:webhook writes a CPU profile of its rounds)',
  BENCH_MARKS: "a benchmark knob (bench:warm's build prints when each phase ended, to line up with a CPU profile)",
  MAREA_FAKE_STRAPI: "the benchmark's fake Strapi, told it runs as a child process (src/node/bench/fake-strapi.ts)",
  MAREA_WEBHOOK_URL: "the benchmark's fake Strapi: where its webhooks go, as `strapiLoopEnv` tells a real Strapi",
  MAREA_WEBHOOK_SECRET: "the benchmark's fake Strapi: the secret its webhooks carry, as `strapiLoopEnv` tells a real Strapi",
};

/** Non-test source files of the product: the build and services, the scripts, Netlify's functions and plugins. */
function productSources(): string[] {
  return ['scripts', 'src/node', 'netlify'].flatMap((dir) =>
    readdirSync(path.join(root, dir), { recursive: true, encoding: 'utf8' })
      .filter((file) => /\.(ts|mjs|js)$/.test(file) && !/\.test\.ts$/.test(file) && !file.split(path.sep).includes('fixtures'))
      .map((file) => path.join(dir, file)),
  );
}

describe('the configuration reference (docs/configuration.md, .env.example)', () => {
  it('is what `npm run docs:config` generates from src/node/config/variables.ts (run it after changing the table)', async () => {
    for (const [file, expected] of Object.entries(await configurationFiles(root))) expect(read(file), `${file} is out of date: run \`npm run docs:config\``).toBe(expected);
  });

  it('documents exactly the variables the schemas validate, each once (tests-only knobs aside)', () => {
    const names = VARIABLES.map((v) => v.name);
    expect(names.filter((name, i) => names.indexOf(name) !== i)).toEqual([]);
    const validated = VARIABLES.filter((v) => v.readers.some((reader) => reader !== 'tests')).map((v) => v.name);
    expect(validated.sort()).toEqual([...BUILD_VARIABLES, ...SERVICE_VARIABLES].sort());
  });

  it('knows every variable the build, services, Netlify and scripts read', () => {
    const documented = new Set(VARIABLES.map((v) => v.name));
    const unknown = productSources().flatMap((file) =>
      [...read(file).matchAll(/\b(?:process\.)?env\.([A-Z][A-Z0-9_]+)\b/g)]
        .map((m) => m[1]!)
        .filter((name) => !documented.has(name) && !(name in NOT_CONFIGURATION))
        .map((name) => `${file}: ${name}`),
    );
    expect(unknown).toEqual([]);
  });

  it('gives each variable an example its schema accepts', () => {
    for (const variable of VARIABLES.filter((v) => !v.example.includes('<') && v.readers.some((reader) => reader !== 'tests'))) {
      const env = { [variable.name]: variable.example };
      const load = BUILD_VARIABLES.includes(variable.name) ? () => loadConfig(env) : () => loadServiceConfig(env);
      expect(load, variable.name).not.toThrow();
    }
  });
});
