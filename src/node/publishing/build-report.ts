import type { Locale } from '../../shared/model.js';
import type { HeldBackStatus, StatusIssue } from '../webhook/queue.js';

/**
 * A build's report to the CMS (docs/publishing.md): what every build path
 * (the webhook service, a Netlify build, the CI workflow) posts to the Marea
 * plugin's route with the report token, and what the admin's Publishing
 * page, its widget and the entries' edit views show.
 */
export interface ReportIssue extends StatusIssue {
  readonly severity: 'error' | 'warning';
  /** The CMS locale of the entry (`es-MX` for the site's `es`), to find it in the CMS. */
  readonly cmsLocale?: string;
}

export interface BuildReport {
  readonly source: 'webhook' | 'netlify' | 'ci';
  /** `held-back`: published, with pages (or modals, promo codes) held back by content errors (rule 13). */
  readonly result: 'published' | 'failed' | 'held-back';
  readonly startedAt: string;
  readonly finishedAt: string;
  readonly buildId?: string | null;
  /** Why the build failed. */
  readonly error?: string;
  readonly mode?: string;
  readonly reason?: string;
  /** The events that triggered it (webhook service). */
  readonly events?: readonly string[];
  /** Where the pages are live: page links are this origin and the page's path. */
  readonly siteUrl?: string;
  readonly pages?: { readonly added: readonly string[]; readonly changed: readonly string[]; readonly removed: readonly string[] };
  /** `reason` in English; `reasons` in English and Spanish, for the admin's language. */
  readonly heldBack?: ReadonlyArray<{
    locale?: string;
    slug?: string;
    path?: string;
    title?: string;
    documentId?: string;
    reason: string;
    reasons?: { readonly en: string; readonly es: string };
  }>;
  readonly issues: readonly ReportIssue[];
  /** Where an earlier build can be put back: the webhook service's rollback route, or the Netlify deploy's page. */
  readonly rollback?: { readonly kind: 'webhook' | 'netlify'; readonly url: string };
}

/** Where reports go: the CMS and its report token (MAREA_REPORT_TOKEN). */
export interface ReportTarget {
  readonly cmsUrl: string;
  readonly token: string;
}

/** An issue of the status, with its severity and the CMS locale of its entry. */
export function reportIssue(issue: StatusIssue, severity: ReportIssue['severity'], cmsLocales: Readonly<Record<Locale, string>>): ReportIssue {
  const cmsLocale = issue.locale && issue.locale in cmsLocales ? cmsLocales[issue.locale as Locale] : undefined;
  return { ...issue, severity, ...(cmsLocale ? { cmsLocale } : {}) };
}

const HELD: Record<'en' | 'es', { kept: string; out: string }> = {
  en: { kept: 'its last published version stays live', out: 'never published: left out' },
  es: { kept: 'su última versión publicada sigue en línea', out: 'nunca publicada: se deja fuera' },
};

/** What was held back, in the report's words (English and Spanish): where it stays live (or that it stays out), and its first error. */
export function reportHeldBack(held: HeldBackStatus): NonNullable<BuildReport['heldBack']>[number] {
  const first = held.errors[0];
  const reason = (language: 'en' | 'es') => {
    const message = language === 'es' ? (first?.words?.es?.message ?? first?.message) : first?.message;
    return `${held.kept ? HELD[language].kept : HELD[language].out}${message ? ` — ${message}` : ''}`;
  };
  return {
    ...(held.locale ? { locale: held.locale } : {}),
    ...(held.slug ? { slug: held.slug } : {}),
    ...(held.kept ? { path: held.kept } : {}),
    ...(held.title ? { title: held.title } : {}),
    ...(held.documentId ? { documentId: held.documentId } : {}),
    reason: reason('en'),
    reasons: { en: reason('en'), es: reason('es') },
  };
}

/** Posts a report; throws with the CMS's answer when it is refused (a wrong token says so). */
export async function postReport(target: ReportTarget, report: BuildReport): Promise<void> {
  const response = await fetch(`${target.cmsUrl.replace(/\/$/, '')}/api/marea/reports`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${target.token}`, 'Content-Type': 'application/json' },
    body: JSON.stringify(report),
    signal: AbortSignal.timeout(15_000),
  });
  if (!response.ok) {
    const why = response.status === 401 || response.status === 403 ? ' (is MAREA_REPORT_TOKEN the CMS’s report token?)' : '';
    throw new Error(`the CMS refused the build report: ${response.status}${why} ${(await response.text()).slice(0, 300)}`);
  }
}
