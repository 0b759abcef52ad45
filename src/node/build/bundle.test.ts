// @vitest-environment node
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readdir, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { DatadogConfig } from '../../shared/public-config.js';
import { markBundleUsed, pruneBundles, publicDefines, UNUSED_BUNDLE_DAYS } from './bundle.js';

describe('browser configuration in the bundle', () => {
  it('is the parsed public config, as typed JSON values; unset parts are null', () => {
    const datadog: DatadogConfig = {
      applicationId: 'app',
      clientToken: 'pub',
      site: 'datadoghq.eu',
      service: null,
      env: 'prod',
      version: null,
      sessionSampleRate: 20,
      sessionReplaySampleRate: 5,
    };
    const defines = publicDefines({ gtmId: 'GTM-ABC123', datadog });
    expect(Object.keys(defines)).toEqual(['__MAREA_GTM_ID__', '__MAREA_DATADOG__']);
    expect(defines.__MAREA_GTM_ID__).toBe('"GTM-ABC123"');
    expect(JSON.parse(defines.__MAREA_DATADOG__!)).toEqual(datadog);
    expect(JSON.parse(defines.__MAREA_DATADOG__!).sessionReplaySampleRate).toBe(5);
    const off = publicDefines({ gtmId: null, datadog: null });
    expect(Object.values(off).every((v) => v === 'null')).toBe(true);
    // The API token is build-time only: it has no way into the bundle.
    expect(Object.keys(defines).some((k) => k.includes('CMS'))).toBe(false);
  });
});

describe('bundle cache (.marea/bundle)', () => {
  it(`deletes the bundles no build used for ${UNUSED_BUNDLE_DAYS} days, unfinished ones by their own age, and keeps those marked used`, async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'marea-bundles-'));
    const now = Date.now();
    const daysAgo = (days: number) => new Date(now - days * 86_400_000);
    const folder = async (name: string, age: number, complete: boolean) => {
      await mkdir(path.join(dir, name, 'client'), { recursive: true });
      if (complete) await writeFile(path.join(dir, name, 'complete'), '');
      const at = daysAgo(age);
      await utimes(complete ? path.join(dir, name, 'complete') : path.join(dir, name), at, at);
    };
    await folder('old', UNUSED_BUNDLE_DAYS + 1, true);
    await folder('recent', UNUSED_BUNDLE_DAYS - 1, true);
    await folder('old.tmp-1-1', UNUSED_BUNDLE_DAYS + 1, false);
    await folder('worker-old', UNUSED_BUNDLE_DAYS + 3, true);
    await folder('worker-in-use', UNUSED_BUNDLE_DAYS + 3, true);
    await folder('in-use', UNUSED_BUNDLE_DAYS + 3, true);
    // A long-running builder's bundles, built weeks ago, marked by its latest build.
    await markBundleUsed({ clientDir: path.join(dir, 'in-use', 'client'), workerFile: path.join(dir, 'worker-in-use', 'render-task.js') }, new Date(now));

    expect(await pruneBundles(dir, now)).toEqual(['old', 'old.tmp-1-1', 'worker-old']);
    expect((await readdir(dir)).sort()).toEqual(['in-use', 'recent', 'worker-in-use']);
    expect(existsSync(path.join(dir, 'recent', 'client'))).toBe(true);
  });
});
