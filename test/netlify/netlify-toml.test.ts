import { copyFile, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { resolveConfig } from '@netlify/config';
import { parseAllHeaders, type Header } from '@netlify/headers-parser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { projectNodeMajor } from '../../src/node/platform/node-runtime.js';

/**
 * netlify.toml as Netlify reads it: @netlify/config (the parser and validator
 * Netlify Build runs) with `offline: true`, so no network and no site.
 */
const ROOT = resolve(import.meta.dirname, '../..');

interface EdgeFunctionDeclaration {
  function: string;
  path: string;
  excludedPath?: string[];
}

async function load(configPath: string, context = 'production') {
  const { config } = await resolveConfig({
    config: configPath,
    repositoryRoot: ROOT,
    cwd: ROOT,
    offline: true,
    branch: 'main',
    context,
    buffer: true,
  });
  return config as {
    build: { command: string; publish: string; edge_functions: string; environment: Record<string, string> };
    edge_functions: EdgeFunctionDeclaration[];
    redirects: { from: string; to: string; status: number; force: boolean }[];
    plugins: { package: string }[];
  };
}

let config: Awaited<ReturnType<typeof load>>;
/** netlify.toml's [[headers]] as Netlify reads them, each with the RegExp Netlify matches paths with. */
let headerRules: Header[];
beforeAll(async () => {
  config = await load(join(ROOT, 'netlify.toml'));
  const parsed = await parseAllHeaders({ headersFiles: [], netlifyConfigPath: join(ROOT, 'netlify.toml'), configHeaders: [], minimal: false });
  expect(parsed.errors).toEqual([]);
  headerRules = parsed.headers as Header[];
});

function cacheControlsFor(path: string): string[] {
  return headerRules
    .filter((rule) => rule.forRegExp.test(path))
    .flatMap((rule) => Object.entries(rule.values).filter(([name]) => name.toLowerCase() === 'cache-control'))
    .map(([, value]) => value);
}

describe('netlify.toml (validated offline by @netlify/config)', () => {
  it('builds with npm run build on the project’s Node major (package.json devDependencies.node) and publishes dist/', () => {
    expect(config.build.command).toBe('npm run build');
    expect(config.build.publish).toBe(join(ROOT, 'dist'));
    expect(config.build.environment.NODE_VERSION).toBe(String(projectNodeMajor()));
  });

  it("Netlify's CONTEXT makes a build production or preview: one command in every context, no --production, none of the site's variables overridden", async () => {
    // The file's [build.environment] would win over the site's environment variables (docs/deploying.md, step 3).
    const siteVariables = /^(SITE_URL|URL|DEPLOY_PRIME_URL|CONTEXT|CMS_\w+|MAREA_REPORT_TOKEN|BUILD_STRICT|MEDIA_\w+|DEFAULT_COUNTRY|PUBLIC_\w+)$/;
    for (const context of ['production', 'deploy-preview', 'branch-deploy']) {
      const resolved = await load(join(ROOT, 'netlify.toml'), context);
      expect(resolved.build.command, context).toBe('npm run build');
      expect(
        Object.keys(resolved.build.environment).filter((key) => siteVariables.test(key)),
        context,
      ).toEqual([]);
    }
  });

  it('rules 5/28: unknown /es/* paths get the Spanish 404 page with status 404, without shadowing real pages', () => {
    expect(config.redirects).toEqual([expect.objectContaining({ from: '/es/*', to: '/es/404.html', status: 404, force: false })]);
  });

  it('rule 17: the keep-builds plugin is registered', () => {
    expect(config.plugins.map((p) => p.package)).toContain('./netlify/plugins/keep-builds');
  });

  it("the marea-report plugin is registered: every Netlify build reaches the CMS's Publishing page", () => {
    expect(config.plugins.map((p) => p.package)).toContain('./netlify/plugins/marea-report');
  });

  describe('rules 9 and 30: the root-locale edge function', () => {
    // Which paths invoke it, as Netlify routes them: edge-function-deno.test.ts.
    it('is declared and its file is in the edge functions directory', async () => {
      expect(config.edge_functions.find((d) => d.function === 'root-locale')).toBeDefined();
      expect(config.build.edge_functions).toBe(join(ROOT, 'netlify/edge-functions'));
      await expect(readFile(join(config.build.edge_functions, 'root-locale.ts'), 'utf8')).resolves.toContain('export default');
    });
  });

  describe('rules 13–18: caching', () => {
    it('never sets Cache-Control twice on a path (Netlify combines the values of matching rules)', () => {
      for (const path of ['/', '/es', '/assets/a.js', '/builds/latest.json', '/_payload.json', '/es/x/_payload.json']) {
        expect(cacheControlsFor(path).length, path).toBeLessThanOrEqual(1);
      }
    });

    it('serves /assets/* (hashed files and media) immutable for a year', () => {
      expect(cacheControlsFor('/assets/index-3f2a1c.js')).toEqual(['public, max-age=31536000, immutable']);
      expect(cacheControlsFor('/assets/media/hero.a1b2c3.jpg')).toEqual(['public, max-age=31536000, immutable']);
    });

    it('never lets a cache answer for /builds/* (latest.json, meta files)', () => {
      for (const path of ['/builds/latest.json', '/builds/meta/a515f0e2a6f2.json']) {
        const [value = ''] = cacheControlsFor(path);
        expect(value).toMatch(/\bno-store\b/);
        expect(value).toMatch(/\bno-cache\b/);
      }
    });

    it('revalidates payloads at every use', () => {
      for (const path of ['/_payload.json', '/es/_payload.json', '/rooms/deluxe/_payload.json']) {
        expect(cacheControlsFor(path)).toEqual(['public, max-age=0, must-revalidate']);
      }
    });

    it('leaves HTML pages to Netlify’s default (public, max-age=0, must-revalidate): no rule caches them', () => {
      for (const path of ['/', '/es', '/rooms/deluxe', '/es/habitaciones/suite', '/404.html', '/es/404.html']) {
        expect(cacheControlsFor(path), path).toEqual([]);
      }
    });

    it('keeps the security headers on every path', () => {
      const everywhere = headerRules.find((rule) => rule.for === '/*');
      expect(everywhere?.values).toMatchObject({
        'X-Content-Type-Options': 'nosniff',
        'Referrer-Policy': 'strict-origin-when-cross-origin',
      });
    });

    it('item 2: HSTS, Permissions-Policy, X-Frame-Options and COOP on every path; the CSP is left to the build’s dist/_headers', () => {
      const everywhere = headerRules.find((rule) => rule.for === '/*');
      expect(everywhere?.values).toMatchObject({
        'Strict-Transport-Security': 'max-age=63072000; includeSubDomains',
        'X-Frame-Options': 'DENY',
        'Cross-Origin-Opener-Policy': 'same-origin',
      });
      const permissions = Object.fromEntries(
        String(everywhere?.values['Permissions-Policy'])
          .split(',')
          .map((entry) => entry.trim().split('=') as [string, string]),
      );
      for (const feature of ['camera', 'microphone', 'geolocation', 'payment', 'usb']) expect(permissions[feature], feature).toBe('()');
      // The muted hero and video blocks play by themselves.
      expect(permissions.autoplay).toBeUndefined();
      for (const rule of headerRules) {
        expect(
          Object.keys(rule.values).map((name) => name.toLowerCase()),
          rule.for,
        ).not.toContain('content-security-policy');
      }
    });
  });
});

describe('the validation is live (an invalid netlify.toml fails)', () => {
  let dir = '';
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'marea-netlify-'));
  });
  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it('rejects an edge function declared without a function name', async () => {
    const broken = join(dir, 'netlify.toml');
    await copyFile(join(ROOT, 'netlify.toml'), broken);
    await writeFile(broken, `${await readFile(broken, 'utf8')}\n[[edge_functions]]\n  path = "/x"\n`);
    await expect(load(broken)).rejects.toThrow(/"function" property is required/);
  });
});
