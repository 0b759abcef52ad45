import { LOCALES } from '../../shared/locales.js';
import type { Locale } from '../../shared/model.js';
import { readCappedBody } from '../cms/capped-body.js';
import { ResponseTooLargeError } from '../cms/response-too-large-error.js';
import { endpointUrl } from '../cms/client.js';
import { ENDPOINTS, type EndpointName } from '../cms/raw.js';
import type { Attribute } from '../cms-schema/attributes.js';
import { componentSchemas } from '../cms-schema/generate.js';
import { CONTENT_TYPES } from '../cms-schema/content-types.js';

/**
 * `npm run cms:doctor` (docs/own-strapi.md): what a Strapi the site is
 * pointed at (CMS_URL, CMS_TOKEN) lacks for the build, each finding with how
 * to fix it. Through the content API: that it answers, the token, every
 * content type the build reads in every locale with the build's own populate
 * (Strapi 5 answers 400 `Invalid key …` for a field its schema lacks), and
 * what the token can reach beyond that. Through the Marea plugin's route,
 * when the plugin is installed: the content model field by field, the
 * locales, the webhook and the report token. What it cannot check, it says.
 */

type Verdict = 'ok' | 'fail' | 'unknown';

export interface Finding {
  readonly verdict: Verdict;
  /** What was checked and what was found, in a sentence. */
  readonly what: string;
  /** How to fix it (fail), or why it could not be checked (unknown). */
  readonly fix?: string;
}

export interface DoctorOptions {
  readonly cmsUrl: string;
  readonly token: string;
  readonly cmsLocales: Readonly<Record<Locale, string>>;
  readonly fetch?: typeof fetch;
  readonly timeoutMs?: number;
  /** `CMS_MAX_BYTES`: an answer larger than this stops the doctor (`ResponseTooLargeError`), as it would the build. Default 50 MB. */
  readonly maxBytes?: number;
}

/** What the plugin's `GET /api/marea/doctor` answers (cms/src/plugins/marea/server/parts/doctor.js). */
export interface PluginView {
  readonly contentTypes: Record<string, Record<string, string>>;
  readonly components: Record<string, Record<string, string>>;
  readonly locales: string[];
  readonly webhooks: Array<{ name: string; enabled: boolean; events: string[] }>;
  readonly reportToken: boolean;
}

const INSTALL = 'run `npm run cms:schema -- --into <your Strapi project>`, then rebuild and restart that Strapi';
const TOKEN_FIX = 'give the build a custom API token (Settings → API Tokens → Create, type Custom) with only find and findOne on Page, Layout, Error page, Modal and Promo code';
/** The events that must reach the site's build (docs/deploying.md, "Step by step"). */
const BUILD_EVENTS = ['entry.publish', 'entry.unpublish', 'entry.delete', 'media.update', 'media.delete'] as const;

interface Answer {
  readonly status: number;
  readonly body: unknown;
  /** Why the body was not read: larger than CMS_MAX_BYTES (the build would fail on it too). */
  readonly tooLarge?: string;
}

/** Strapi's JSON answer, or the start of a text one (a proxy's error page). */
function parseOr(text: string): unknown {
  try {
    return text ? (JSON.parse(text) as unknown) : null;
  } catch {
    return text.slice(0, 200);
  }
}

const messageOf = (body: unknown): string => {
  const error = (body as { error?: { message?: unknown } } | null)?.error;
  return typeof error?.message === 'string' ? error.message : '';
};

/** The attributes a component or content type must have, as the plugin shapes them: name → type (`component:<uid>`, `customField:<name>`). */
export function expectedModel(): { contentTypes: Record<string, Record<string, string>>; components: Record<string, Record<string, string>> } {
  const shape = (attributes: Readonly<Record<string, Attribute>>) =>
    Object.fromEntries(
      Object.entries(attributes).map(([name, a]) => [
        name,
        a.type === 'customField' ? `customField:${String(a.customField)}` : a.type === 'component' ? `component:${String(a.component)}` : a.type,
      ]),
    );
  return {
    contentTypes: Object.fromEntries(CONTENT_TYPES.map((type) => [`api::${type.singularName}.${type.singularName}`, shape(type.attributes)])),
    components: Object.fromEntries(componentSchemas().map((schema) => [schema.uid, shape(schema.attributes)])),
  };
}

/** Compares what the plugin says Strapi loaded with the model the declarations generate: one finding per gap. */
export function modelFindings(view: PluginView): Finding[] {
  const expected = expectedModel();
  const gaps: string[] = [];
  const compare = (kind: string, wanted: Record<string, Record<string, string>>, present: Record<string, Record<string, string>>) => {
    for (const [uid, attributes] of Object.entries(wanted)) {
      const loaded = present[uid];
      if (!loaded) {
        gaps.push(`${kind} ${uid} is missing`);
        continue;
      }
      for (const [name, type] of Object.entries(attributes)) {
        if (!(name in loaded)) gaps.push(`${kind} ${uid} has no field "${name}"`);
        else if (loaded[name] !== type) gaps.push(`${kind} ${uid}: field "${name}" is ${loaded[name]}, the site reads ${type}`);
      }
    }
  };
  compare('content type', expected.contentTypes, view.contentTypes);
  compare('component', expected.components, view.components);
  if (gaps.length === 0)
    return [
      {
        verdict: 'ok',
        what: `content model: the ${Object.keys(expected.contentTypes).length} content types and ${Object.keys(expected.components).length} components the site reads are there, field by field`,
      },
    ];
  return gaps.map((gap) => ({ verdict: 'fail', what: `content model: ${gap}`, fix: INSTALL }));
}

function pluginFindings(view: PluginView, cmsLocales: Readonly<Record<Locale, string>>): Finding[] {
  const findings = modelFindings(view);
  for (const locale of LOCALES) {
    const code = cmsLocales[locale];
    findings.push(
      view.locales.includes(code)
        ? { verdict: 'ok', what: `locale ${code} exists` }
        : { verdict: 'fail', what: `locale ${code} does not exist`, fix: `add it in Settings → Internationalization (or set CMS_LOCALES to the codes this Strapi uses)` },
    );
  }
  const hook = view.webhooks.find((webhook) => webhook.enabled && BUILD_EVENTS.every((event) => webhook.events.includes(event)));
  findings.push(
    hook
      ? { verdict: 'ok', what: `webhook "${hook.name}" sends ${BUILD_EVENTS.join(', ')}` }
      : {
          verdict: 'fail',
          what:
            view.webhooks.length === 0
              ? 'no webhook: publishing does not rebuild the site'
              : `no enabled webhook sends all of ${BUILD_EVENTS.join(', ')}: some publishes do not rebuild the site`,
          fix: 'Settings → Webhooks → Create: the URL of the site’s build hook, those events (docs/deploying.md, "Step by step")',
        },
  );
  findings.push(
    view.reportToken
      ? { verdict: 'ok', what: 'the report token "marea-reports" exists: builds can report to the Publishing page' }
      : {
          verdict: 'fail',
          what: 'no report token "marea-reports": builds cannot report to the Publishing page',
          fix: 'restart Strapi with the Marea plugin enabled (it makes the token) and copy it into MAREA_REPORT_TOKEN',
        },
  );
  return findings;
}

/** Runs every check; never throws for what the CMS answers (a finding says it). */
export async function diagnose(options: DoctorOptions): Promise<Finding[]> {
  const fetcher = options.fetch ?? fetch;
  const base = options.cmsUrl.replace(/\/+$/, '');
  const request = async (method: 'GET' | 'POST', url: string, auth = true): Promise<Answer> => {
    const response = await fetcher(url, {
      method,
      headers: { ...(auth ? { Authorization: `Bearer ${options.token}` } : {}), ...(method === 'POST' ? { 'Content-Type': 'application/json' } : {}) },
      ...(method === 'POST' ? { body: '{}' } : {}),
      redirect: 'manual',
      signal: AbortSignal.timeout(options.timeoutMs ?? 15_000),
    });
    let bytes: Uint8Array;
    try {
      bytes = await readCappedBody(response, url, options.maxBytes);
    } catch (error) {
      if (error instanceof ResponseTooLargeError) return { status: response.status, body: null, tooLarge: error.message };
      throw error;
    }
    return { status: response.status, body: parseOr(new TextDecoder().decode(bytes)) };
  };

  const findings: Finding[] = [];
  try {
    await request('GET', `${base}/_health`, false);
  } catch (error) {
    return [
      { verdict: 'fail', what: `CMS_URL ${base} does not answer: ${(error as Error).message}`, fix: 'check CMS_URL (the Strapi address, without /api) and that Strapi is running' },
    ];
  }
  findings.push({ verdict: 'ok', what: `CMS_URL ${base} answers` });

  // Every content type in every locale, exactly as the build asks for it.
  for (const endpoint of Object.keys(ENDPOINTS) as EndpointName[]) {
    const locales = ENDPOINTS[endpoint].localized ? LOCALES.map((locale) => options.cmsLocales[locale]) : [undefined];
    for (const cmsLocale of locales) {
      const label = cmsLocale ? `${endpoint} (${cmsLocale})` : endpoint;
      const answer = await request('GET', endpointUrl(base, endpoint, cmsLocale, ENDPOINTS[endpoint].collection ? 1 : undefined));
      if (answer.status === 401) {
        return [...findings, { verdict: 'fail', what: 'CMS_TOKEN is not a valid API token of this Strapi (401)', fix: TOKEN_FIX + ', and put its key in CMS_TOKEN' }];
      }
      findings.push(
        answer.tooLarge
          ? { verdict: 'fail', what: `${label}: ${answer.tooLarge}`, fix: 'raise CMS_MAX_BYTES, or find out why the CMS answers that much (docs/security.md, "CMS answers")' }
          : probeFinding(label, endpoint, answer),
      );
    }
  }

  // What the token can reach beyond the site's content.
  const users = await request('GET', `${base}/api/users?pagination[pageSize]=1`);
  findings.push(
    users.status === 200
      ? { verdict: 'fail', what: 'CMS_TOKEN can read the accounts of /api/users, which the build never reads', fix: TOKEN_FIX }
      : { verdict: 'ok', what: `CMS_TOKEN cannot read /api/users (${users.status})` },
  );
  // An empty body is refused (400) by a route the token may use before anything is written, and 403 where it may not.
  const write = await request('POST', `${base}/api/pages`);
  findings.push(
    write.status === 403 || write.status === 401
      ? { verdict: 'ok', what: 'CMS_TOKEN cannot create pages (read-only)' }
      : { verdict: 'fail', what: `CMS_TOKEN can write pages (POST /api/pages answered ${write.status}, not 403)`, fix: TOKEN_FIX },
  );

  const plugin = await request('GET', `${base}/api/marea/doctor`);
  if (plugin.status === 200 && (plugin.body as { plugin?: unknown } | null)?.plugin === 'marea') {
    findings.push(...pluginFindings(plugin.body as PluginView, options.cmsLocales));
  } else {
    findings.push(
      {
        verdict: 'fail',
        what: `the Marea plugin does not answer (GET /api/marea/doctor: ${plugin.status}): no publish gate, no build reports, no media protection`,
        fix: INSTALL,
      },
      {
        verdict: 'unknown',
        what: 'not checked without the plugin: the content model field by field (only what the populate probes above reach), the locales list, the webhook, the report token',
        fix: 'install the plugin to check them, or check them by hand (docs/own-strapi.md)',
      },
    );
  }
  return findings;
}

function probeFinding(label: string, endpoint: EndpointName, answer: Answer): Finding {
  const message = messageOf(answer.body);
  if (answer.status === 200) return { verdict: 'ok', what: `${label}: readable, with every field the build asks for` };
  if (answer.status === 403) return { verdict: 'fail', what: `${label}: CMS_TOKEN may not read it (403)`, fix: TOKEN_FIX };
  if (answer.status === 400 && /invalid key/i.test(message)) {
    return { verdict: 'fail', what: `${label}: the CMS has no field the build reads (${message})`, fix: INSTALL };
  }
  if (answer.status === 400 && /locale/i.test(message)) {
    return { verdict: 'fail', what: `${label}: the locale is refused (${message})`, fix: 'add the locale in Settings → Internationalization, or set CMS_LOCALES' };
  }
  if (answer.status === 404 && !ENDPOINTS[endpoint].collection) {
    return {
      verdict: 'fail',
      what: `${label}: nothing published in this locale, or no such content type (404)`,
      fix: `publish it in this locale; if the content type is missing, ${INSTALL}`,
    };
  }
  if (answer.status === 404) return { verdict: 'fail', what: `${label}: no such content type (404)`, fix: INSTALL };
  return { verdict: 'fail', what: `${label}: answered ${answer.status}${message ? ` (${message})` : ''}`, fix: 'see Strapi’s log for this request' };
}

/** The findings as lines for a terminal: ✓, ✗ and ? with the fix indented below. */
export function formatFindings(findings: readonly Finding[]): string {
  const mark = { ok: '✓', fail: '✗', unknown: '?' } as const;
  return findings.map((f) => `${mark[f.verdict]} ${f.what}${f.fix ? `\n    → ${f.fix}` : ''}`).join('\n');
}
