// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { normaliseSite } from './normalise.js';
import { unsafeProtocol } from './urls.js';
import { evilSite } from './fixtures/evil.js';

function strings(value: unknown, path = '$', out: Array<[string, string]> = []): Array<[string, string]> {
  if (typeof value === 'string') out.push([path, value]);
  else if (Array.isArray(value)) value.forEach((item, i) => strings(item, `${path}[${i}]`, out));
  else if (value && typeof value === 'object') for (const [key, item] of Object.entries(value)) strings(item, `${path}.${key}`, out);
  return out;
}

const DANGEROUS: RegExp[] = [
  /<\s*\/?\s*(script|style|iframe|object|embed|svg|math|use)\b/i,
  /<[^>]*\son[a-z]+\s*=/i,
  /<[^>]*\sstyle\s*=/i,
  // eslint-disable-next-line no-control-regex -- C0 controls before a scheme are part of what is dangerous
  /<[^>]*\s(href|src)\s*=\s*["']?[\s\u0000-\u001f]*(javascript|data|vbscript|blob)\s*:/i,
];

describe('nothing dangerous survives normalisation', () => {
  const { content, issues } = normaliseSite(evilSite(), { strict: false });
  const all = strings(content);

  it('covers the whole output', () => {
    expect(all.length).toBeGreaterThan(40);
  });

  it.each(DANGEROUS.map((re) => [String(re), re] as const))('no output string matches %s', (_name, re) => {
    expect(all.filter(([, s]) => re.test(s))).toEqual([]);
  });

  it('no output string is itself an unsafe URL', () => {
    expect(all.filter(([, s]) => unsafeProtocol(s) !== null)).toEqual([]);
  });

  it('every dropped link is reported, naming the page and block', () => {
    const unsafe = issues.filter((i) => i.code === 'UnsafeLink');
    expect(unsafe.length).toBeGreaterThanOrEqual(14);
    for (const issue of unsafe.filter((i) => i.field?.startsWith('blocks'))) {
      expect(issue).toMatchObject({ entity: 'page', slug: 'home', position: expect.any(Number), component: expect.stringMatching(/^blocks\./) });
    }
    expect(unsafe.map((i) => `${i.entity} ${i.locale} ${i.field}`)).toEqual(
      expect.arrayContaining([
        'page en seo.metaImage.url',
        'page en blocks[0].cta.url',
        'page es blocks[0].media.url',
        'layout en header[0].nav[0].children[0].url',
        'error-page en links[0].slug',
        'modal en dynZone[0].cta.url',
      ]),
    );
  });

  it('keeps the harmless text', () => {
    const home = content.pages.find((p) => p.path === '/')!;
    expect(home.title).toBe('Home');
    expect(home.blocks[0]!.props.title).toMatch(/^Hero /);
    expect(home.blocks[1]!.props.body).toContain('styled');
  });
});
