import type { Locale } from '../../shared/model.js';
import { postReport, reportHeldBack, reportIssue, type BuildReport, type ReportTarget } from '../publishing/build-report.js';
import type { BuildRecord } from './queue.js';

export interface ServiceReportOptions {
  readonly target: ReportTarget;
  readonly cmsLocales: Readonly<Record<Locale, string>>;
  /** Where the service serves the published site (its origin): the pages' links. */
  readonly siteUrl: string;
  /** The service's rollback route, offered by the Publishing page. */
  readonly rollbackUrl?: string;
}

/** A build of the webhook service as its report to the CMS. */
function serviceReport(record: BuildRecord, options: Omit<ServiceReportOptions, 'target'>): BuildReport {
  const issues = [
    ...record.errors.map((issue) => reportIssue(issue, 'error', options.cmsLocales)),
    ...record.heldBack.flatMap((held) => held.errors.map((issue) => reportIssue(issue, 'error', options.cmsLocales))),
    ...record.warnings.map((issue) => reportIssue(issue, 'warning', options.cmsLocales)),
  ];
  return {
    source: 'webhook',
    result: record.result === 'failed' ? 'failed' : record.heldBack.length > 0 ? 'held-back' : 'published',
    // The CMS joins to a build the edits published before it started.
    startedAt: record.startedAt,
    finishedAt: record.finishedAt,
    buildId: record.buildId,
    ...(record.error ? { error: record.error } : {}),
    ...(record.mode ? { mode: record.mode } : {}),
    ...(record.reason ? { reason: record.reason } : {}),
    events: record.events,
    siteUrl: options.siteUrl,
    ...(record.pages ? { pages: record.pages.urls } : {}),
    heldBack: record.heldBack.map(reportHeldBack),
    issues,
    ...(options.rollbackUrl ? { rollback: { kind: 'webhook' as const, url: options.rollbackUrl } } : {}),
  };
}

/** Reports kept while the CMS does not take them (it is down: the very reason a build failed). */
const UNSENT_KEPT = 20;

/**
 * The queue's `onRecord`: posts each build's report to the CMS. A report the
 * CMS did not take (it was unreachable) is sent again, in order, with the
 * next one: a build that failed because the CMS was down still shows in its
 * Publishing page once it is back. Throws (the queue logs it) while unsent.
 */
export function reportToCms(options: ServiceReportOptions): (record: BuildRecord) => Promise<void> {
  const unsent: BuildReport[] = [];
  return async (record) => {
    unsent.push(serviceReport(record, options));
    if (unsent.length > UNSENT_KEPT) unsent.shift();
    while (unsent.length > 0) {
      await postReport(options.target, unsent[0]!);
      unsent.shift();
    }
  };
}
