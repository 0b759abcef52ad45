// @vitest-environment node
import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { BLOCK_DECLARATIONS, MODAL_ITEM_DECLARATIONS } from '../../shared/blocks/catalogue.js';
import { ALPHA2_TO_ALPHA3 } from '../../shared/country-codes.js';
import { SLUG_MAX_LENGTH, SLUG_PATTERN, slugProblem } from '../../shared/routes.js';
import { populateParams } from '../cms/populate.js';
import type { EndpointName } from '../cms/raw.js';
import { componentSchemas, schemaFiles } from './generate.js';
import { CATALOGUE } from '../content/issues.js';
import { CONTENT_TYPES, REQUIRED_BY_THE_BUILD } from './content-types.js';
import { hasDrift, schemaDrift, writeSchema } from './sync.js';
import type { Attribute } from './attributes.js';

const CMS = path.resolve(import.meta.dirname, '../../../cms');
const temps: string[] = [];
afterAll(() => Promise.all(temps.map((dir) => rm(dir, { recursive: true, force: true }))));

async function copyOfCms(): Promise<string> {
  const dir = await mkdtemp(path.join(tmpdir(), 'marea-cms-schema-'));
  temps.push(dir);
  await cp(path.join(CMS, 'src'), path.join(dir, 'src'), { recursive: true });
  return dir;
}

describe('the CMS schema in cms/ is generated from the block declarations', () => {
  it('cms/ holds exactly the generated components and content types (run `npm run cms:schema` after changing a declaration)', async () => {
    const drift = await schemaDrift(CMS);
    expect(drift).toEqual({ missing: [], changed: [], extra: [] });
  });

  it('notices a hand-edited field, a component nothing declares and a missing component, and npm run cms:schema repairs them', async () => {
    const dir = await copyOfCms();
    await writeFile(path.join(dir, 'src/components/blocks/hero.json'), '{"attributes":{}}\n');
    await writeFile(path.join(dir, 'src/components/blocks/hand-made.json'), '{"attributes":{}}\n');
    await rm(path.join(dir, 'src/components/blocks/timer.json'));
    expect(await schemaDrift(dir)).toEqual({
      missing: ['src/components/blocks/timer.json'],
      changed: ['src/components/blocks/hero.json'],
      extra: ['src/components/blocks/hand-made.json'],
    });
    await writeSchema(dir);
    expect(hasDrift(await schemaDrift(dir))).toBe(false);
  });

  it('gives every declared field of every block and modal item an attribute, plus country targeting', () => {
    const components = new Map(componentSchemas().map((schema) => [schema.uid, schema]));
    for (const declaration of [...BLOCK_DECLARATIONS, ...MODAL_ITEM_DECLARATIONS]) {
      const schema = components.get(declaration.component);
      expect(schema, declaration.component).toBeDefined();
      expect(Object.keys(schema!.attributes)).toEqual([...Object.keys(declaration.fields), 'countries']);
    }
  });

  it("lets the layout zones hold every block, the page zone every block but the layout's own, and the modal zone every modal item", () => {
    const zone = (singular: string, key: string) => CONTENT_TYPES.find((type) => type.singularName === singular)!.attributes[key]!.components as string[];
    const blocks = BLOCK_DECLARATIONS.map((d) => d.component);
    const layoutOnly = ['blocks.header', 'blocks.footer', 'blocks.cookie-notice', 'blocks.language-switcher'];
    expect(zone('page', 'blocks')).toEqual(blocks.filter((component) => !layoutOnly.includes(component)));
    expect(zone('layout', 'header')).toEqual(blocks);
    expect(zone('layout', 'footer')).toEqual(blocks);
    expect(zone('modal', 'dynZone')).toEqual(MODAL_ITEM_DECLARATIONS.map((d) => d.component));
  });

  it('requires only what the build cannot do without: each required attribute is a content error of the build when missing, and no component requires anything', () => {
    const required = (attributes: Readonly<Record<string, Attribute>>) =>
      Object.keys(attributes).filter((key) => attributes[key]!.required === true || attributes[key]!.unique === true);
    expect(CONTENT_TYPES.flatMap((type) => required(type.attributes).map((key) => `${type.singularName}.${key}`))).toEqual(Object.keys(REQUIRED_BY_THE_BUILD));
    for (const code of Object.values(REQUIRED_BY_THE_BUILD)) expect(Object.values(CATALOGUE).find((issue) => issue.code === code)?.severity, code).toBe('error');
    expect(componentSchemas().flatMap((schema) => required(schema.attributes).map((key) => `${schema.uid}.${key}`))).toEqual([]);
  });

  it("gives the page's slug the build's own pattern and maximum length, so Strapi refuses what the build would", () => {
    const slug = CONTENT_TYPES.find((type) => type.singularName === 'page')!.attributes.slug!;
    expect(slug).toMatchObject({ regex: SLUG_PATTERN.source, maxLength: SLUG_MAX_LENGTH });
    // Four segments of 90 and their slashes (364 characters), then the rest: segments stay under their own limit.
    const ofLength = (length: number) => `${'a'.repeat(90)}/`.repeat(4) + 'e'.repeat(length - 364);
    expect(slugProblem(ofLength(SLUG_MAX_LENGTH))).toBeNull();
    expect(slugProblem(ofLength(SLUG_MAX_LENGTH + 1))).toMatch(`at most ${SLUG_MAX_LENGTH}`);
  });

  it("shows every block and modal item in Strapi's picker with its name in words, an icon of the picker's and a one-line description", async () => {
    // The picker's icons: the names Strapi's content manager knows (anything else shows its default icon).
    const source = await readFile(path.join(CMS, 'node_modules/@strapi/content-manager/dist/admin/components/ComponentIcon.mjs'), 'utf8');
    const icons = new Set([...source.slice(source.indexOf('const COMPONENT_ICONS')).matchAll(/^ {4}(\w+)[,:]/gm)].map((m) => m[1]!));
    expect(icons.size).toBeGreaterThan(100);
    const files = schemaFiles();
    for (const { component, presentation } of [...BLOCK_DECLARATIONS, ...MODAL_ITEM_DECLARATIONS]) {
      const [category, name] = component.split('.');
      const { info } = JSON.parse(files.get(`src/components/${category}/${name}.json`)!) as { info: { displayName: string; icon: string; description: string } };
      expect(info, component).toEqual({ displayName: presentation.label, icon: presentation.icon, description: presentation.description });
      expect(icons.has(info.icon), `${component}: ${info.icon}`).toBe(true);
      expect(info.displayName, component).toMatch(/^[A-Z][a-z]+( [a-z-]+)*$/);
      expect(info.description, component).toMatch(/^[A-Z].{20,110}\.$/);
    }
    // Words, not attribute names, where the attribute name is not one (content contract, "Content blocks").
    expect(BLOCK_DECLARATIONS.find((d) => d.component === 'blocks.wysiwyg')!.presentation.label).toBe('Rich text');
    const labels = JSON.parse(files.get('src/field-labels.json')!) as Record<string, Record<string, string>>;
    expect(labels['blocks.hero']!.cta).toBe('Button');
    expect(labels['modals.room']!.cta).toBe('Button');
  });

  it('refers only to components it generates', () => {
    const files = schemaFiles();
    const uids = new Set(componentSchemas().map((schema) => schema.uid));
    for (const [file, content] of files) {
      if (!file.endsWith('.json')) continue;
      const referenced = [...content.matchAll(/"component": "([^"]+)"/g)].map((m) => m[1]!);
      for (const uid of referenced) expect(uids.has(uid), `${file} → ${uid}`).toBe(true);
    }
  });
});

/**
 * Strapi 5 answers 400 `Invalid key …` for a populate key its schema lacks,
 * which fails the whole crawl: every key the crawler sends must be a
 * populatable attribute (component, dynamic zone, media or relation) of the
 * generated schema, and every `on` fragment a component of the zone.
 */
describe('the crawl populates only what the generated schema has', () => {
  const components = new Map(componentSchemas().map((schema) => [schema.uid, schema.attributes]));
  const types: Record<EndpointName, Readonly<Record<string, Attribute>>> = {
    pages: CONTENT_TYPES[0]!.attributes,
    layout: CONTENT_TYPES[1]!.attributes,
    'error-page': CONTENT_TYPES[2]!.attributes,
    modals: CONTENT_TYPES[3]!.attributes,
    'promo-codes': CONTENT_TYPES[4]!.attributes,
  };
  const POPULATABLE = new Set(['component', 'dynamiczone', 'media', 'relation']);

  /** Walks `populate[a][populate][b][on][blocks.hero][populate]=*` against the schema; returns the problem or null. */
  function resolve(attributes: Readonly<Record<string, Attribute>>, keys: string[], where: string): string | null {
    const [name, ...rest] = keys;
    if (name === undefined) return null;
    if (name === 'localizations' && rest.length === 0) return null;
    const attribute = attributes[name];
    if (!attribute) return `${where}.${name}: no such attribute`;
    if (!POPULATABLE.has(attribute.type)) return `${where}.${name}: a ${attribute.type} cannot be populated`;
    if (rest.length === 0) return null;
    if (attribute.type === 'dynamiczone') {
      if (rest[0] !== 'on') return `${where}.${name}: a dynamic zone is populated through "on" fragments`;
      const uid = rest[1]!;
      if (!(attribute.components as string[]).includes(uid)) return `${where}.${name}: ${uid} is not in the zone`;
      return nested(components.get(uid)!, rest.slice(2), `${where}.${name}.${uid}`);
    }
    if (attribute.type === 'component') return nested(components.get(attribute.component as string)!, rest, `${where}.${name}`);
    // Media and relations: `populate=*` or named fields of the target, which the crawl never names.
    return rest[0] === 'populate' ? null : `${where}.${name}: unexpected ${rest.join('.')}`;
  }
  function nested(attributes: Readonly<Record<string, Attribute>>, keys: string[], where: string): string | null {
    if (keys[0] !== 'populate') return `${where}: expected populate, found ${keys[0]}`;
    return keys.length === 1 ? null : resolve(attributes, keys.slice(1), where);
  }

  it.each(Object.keys(types) as EndpointName[])('%s', (endpoint) => {
    const problems = populateParams(endpoint)
      .map(([key]) =>
        resolve(
          types[endpoint],
          [...key.matchAll(/\[([^\]]+)\]/g)].map((m) => m[1]!),
          endpoint,
        ),
      )
      .filter((problem) => problem !== null);
    expect(problems).toEqual([]);
  });
});

/**
 * Country targeting is picked from a list in the admin (the Marea plugin's
 * `plugin::marea.countries` custom field over Strapi's `json` type): the
 * stored value, and so the build, the crawl and the seed, are what they were.
 */
describe('the country picker', () => {
  const files = schemaFiles();
  const PLUGIN = path.join(CMS, 'src/plugins/marea');
  type Names = {
    countryList(locale: string): Array<{ code: string; name: string }>;
    countryName(locale: string, code: string): string;
    storedCodes(value: unknown): string[];
  };
  // The admin's own module (plain JavaScript the admin build bundles), run here as the browser runs it.
  const names = () => import(pathToFileURL(path.join(PLUGIN, 'admin/src/countries/names.js')).href) as Promise<Names>;

  it('is the field of every country list: the custom field Strapi stores as json', () => {
    const countries = JSON.parse(files.get('src/components/shared/countries.json')!) as { attributes: Record<string, Attribute> };
    expect(countries.attributes).toEqual({ country: { type: 'customField', customField: 'plugin::marea.countries' } });
    // Every block, modal item, geolocated list item and promo code targets countries through this one component.
    const holders = [...componentSchemas().map((schema) => schema.attributes), ...CONTENT_TYPES.map((type) => type.attributes)].filter((attributes) => attributes.countries);
    expect(holders.length).toBeGreaterThan(BLOCK_DECLARATIONS.length + MODAL_ITEM_DECLARATIONS.length);
    for (const attributes of holders) expect(attributes.countries).toEqual({ type: 'component', component: 'shared.countries', repeatable: false });
  });

  it("lists the site's country table, generated into the plugin (never a second hand-written list)", () => {
    const generated = JSON.parse(files.get('src/plugins/marea/admin/src/countries/country-codes.json')!) as { alpha3ToAlpha2: Record<string, string> };
    expect(Object.keys(generated.alpha3ToAlpha2)).toHaveLength(Object.keys(ALPHA2_TO_ALPHA3).length);
    for (const [alpha2, alpha3] of Object.entries(ALPHA2_TO_ALPHA3)) expect(generated.alpha3ToAlpha2[alpha3], alpha3).toBe(alpha2);
  });

  it("names every country in the admin's language, sorted by name", async () => {
    const { countryList, countryName } = await names();
    const en = countryList('en');
    expect(en.map((country) => country.code).sort()).toEqual(Object.values(ALPHA2_TO_ALPHA3).sort());
    expect(countryName('en', 'MEX')).toBe('Mexico');
    expect(countryName('en', 'USA')).toBe('United States');
    expect(countryName('es', 'MEX')).toBe('México');
    expect(countryName('es', 'USA')).toBe('Estados Unidos');
    expect(countryName('es-MX', 'DEU')).toBe('Alemania');
    // Sorted as each language sorts: "Åland" among the A's, "Japón" after "Italia".
    const es = countryList('es').map((country) => country.name);
    expect(es.indexOf('Italia')).toBeLessThan(es.indexOf('Japón'));
    expect(en.slice(0, 3).map((country) => country.name)).toEqual(['Afghanistan', 'Åland Islands', 'Albania']);
    // A code the table lacks keeps its code, so the editor can still see and remove it.
    expect(countryName('en', 'XYZ')).toBe('XYZ');
  });

  it('reads a stored value as the build does: a list, the legacy comma-separated string, or nothing (every country)', async () => {
    const { storedCodes } = await names();
    expect(storedCodes(['MEX', 'USA'])).toEqual(['MEX', 'USA']);
    expect(storedCodes(' mex, USA ,mex')).toEqual(['MEX', 'USA']);
    expect(storedCodes([{ code: 'can' }, 'MEX', '', null])).toEqual(['CAN', 'MEX']);
    expect(storedCodes(null)).toEqual([]);
    expect(storedCodes([])).toEqual([]);
    expect(storedCodes({ country: 'MEX' })).toEqual([]);
  });
});
