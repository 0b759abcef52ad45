import type { ContentIssue } from '../../shared/model.js';
import type { HeldBack } from '../build/held-back.js';
import type { Entity } from '../content/context.js';
import { fieldWords } from '../content/field-words.js';
import { issueWords, type IssueWords } from '../content/issue-words.js';
import { ChangeSet, type Effect } from './events.js';

/** A content error or warning as the status shows it to editors: where, what, and what to do. */
export interface StatusIssue {
  readonly code: string;
  readonly message: string;
  readonly entity: string;
  readonly locale?: string;
  readonly slug?: string;
  readonly documentId?: string;
  readonly block?: string;
  readonly field?: string;
  /** The field as editors read it, block included: "Block 3 (Hero) › Button › URL", and in Spanish. */
  readonly fieldWords?: { readonly en: string; readonly es: string };
  readonly hint?: string;
  /** The message and hint in English and Spanish (issue-words.ts): the admin shows the editor's. */
  readonly words?: IssueWords;
}

const wordsOf = (field: string, issue: ContentIssue & { readonly component?: string }) => {
  const place = {
    entity: issue.entity as Entity,
    ...(issue.component ? { component: issue.component } : {}),
    ...(issue.position === undefined ? {} : { position: issue.position }),
  };
  return { en: fieldWords(field, 'en', place), es: fieldWords(field, 'es', place) };
};

/** A content issue as editors see it in the status: entity, locale, slug, block and field (as a path and in words). */
export function statusIssue(issue: ContentIssue & { readonly component?: string }): StatusIssue {
  const block = issue.component ? `${issue.component}${issue.position === undefined ? '' : ` #${issue.position + 1}`}` : undefined;
  return {
    code: issue.code,
    message: issue.message,
    entity: issue.entity,
    ...(issue.locale ? { locale: issue.locale } : {}),
    ...(issue.slug ? { slug: issue.slug } : {}),
    ...(issue.documentId ? { documentId: issue.documentId } : {}),
    ...(block ? { block } : {}),
    ...(issue.field ? { field: issue.field, fieldWords: wordsOf(issue.field, issue) } : {}),
    ...(issue.hint ? { hint: issue.hint } : {}),
    ...bilingual(issue),
  };
}

/** The message and hint in both languages, when the Spanish is known (an issue made by hand has its English only, above). */
function bilingual(issue: ContentIssue): { words?: IssueWords } {
  const words = issueWords(issue);
  return words.es ? { words } : {};
}

/** A page, modal or promo code a build held back (rule 13), as the status shows it. */
export interface HeldBackStatus {
  readonly entity: HeldBack['entity'];
  readonly locale?: string;
  readonly slug?: string;
  readonly documentId?: string;
  readonly title?: string;
  /** Where its last published version stays live, or null: never published, left out. */
  readonly kept: string | null;
  readonly errors: StatusIssue[];
}

export function heldBackStatus(held: HeldBack): HeldBackStatus {
  return {
    entity: held.entity,
    ...(held.locale ? { locale: held.locale } : {}),
    ...(held.slug ? { slug: held.slug } : {}),
    ...(held.documentId ? { documentId: held.documentId } : {}),
    ...(held.title ? { title: held.title } : {}),
    kept: held.kept,
    errors: held.issues.map(statusIssue),
  };
}

/** What a build did, as the builder reports it. */
export interface BuildOutcome {
  readonly buildId: string;
  /** Whether the build was incremental (changes fetched on their own) or read the whole CMS, and why. */
  readonly mode: 'incremental' | 'full';
  readonly reason?: string;
  /** Page URLs (site paths, `/es/…` for Spanish) added, changed and removed against the build before. */
  readonly pages: { readonly added: string[]; readonly changed: string[]; readonly removed: string[] };
  /** The build's warnings: published, but worth an editor's look (rule 13; docs/content-errors.md). */
  readonly warnings: StatusIssue[];
  /** What content errors held back (the rest published). */
  readonly heldBack?: HeldBackStatus[];
}

/** Thrown by a builder for a build that failed for a reason editors can act on, with the content errors. */
export class BuildFailure extends Error {
  constructor(
    message: string,
    readonly errors: StatusIssue[] = [],
  ) {
    super(message);
    this.name = 'BuildFailure';
  }
}

export interface BuildRecord {
  /** Sequence number of the build in this service's life. */
  readonly n: number;
  readonly events: string[];
  /** Events of the burst beyond those listed. */
  readonly moreEvents: number;
  /** When the first event of the build arrived. */
  readonly firstEventAt: string;
  readonly startedAt: string;
  readonly finishedAt: string;
  readonly durationMs: number;
  readonly result: 'published' | 'failed';
  readonly buildId: string | null;
  readonly mode: BuildOutcome['mode'] | null;
  readonly reason?: string;
  readonly pages: { readonly added: number; readonly changed: number; readonly removed: number; readonly urls: BuildOutcome['pages'] } | null;
  readonly error?: string;
  readonly errors: StatusIssue[];
  readonly warnings: StatusIssue[];
  readonly heldBack: HeldBackStatus[];
}

export interface QueueStatus {
  readonly running: { n: number; startedAt: string; events: string[]; moreEvents: number } | null;
  readonly queued: { events: string[]; moreEvents: number } | null;
  /** The last builds, newest first. */
  readonly builds: BuildRecord[];
}

export interface QueueOptions {
  /** A build starts once no event came for this long (a burst then makes one build). Default 200 ms. */
  readonly settleMs?: number;
  /** …or once the oldest waiting event (or the end of the last build) is this old, so a steady stream still builds. Default 2,000 ms. */
  readonly maxWaitMs?: number;
  /** Builds kept in the status. Default 20. */
  readonly history?: number;
  /** One line per build, then one per warning. */
  readonly log?: (line: string) => void;
  /** Told of every finished build (the report to the CMS); what it throws is logged, never the queue's concern. */
  readonly onRecord?: (record: BuildRecord) => Promise<void> | void;
}

/**
 * Coalescing: one build at a time; events that arrive while it runs are
 * merged into one follow-up build, which starts once they stop coming
 * (`settleMs` of quiet, at most `maxWaitMs` after the build ended). A burst
 * of any size therefore makes one or two builds. A failed build leaves the
 * published site as it was (the builder publishes only a complete build)
 * and is recorded with its errors; the next event builds again.
 */
export class BuildQueue {
  private pending: ChangeSet | null = null;
  private pendingSince = 0;
  private lastEnd = 0;
  private running: { n: number; startedAt: Date; changes: ChangeSet; done: Promise<void> } | null = null;
  private timer: ReturnType<typeof setTimeout> | null = null;
  /** Work run between two builds (a rollback): no build starts meanwhile. */
  private betweenWork: Promise<unknown> | null = null;
  private readonly records: BuildRecord[] = [];
  private count = 0;

  constructor(
    private readonly build: (changes: ChangeSet) => Promise<BuildOutcome>,
    private readonly options: QueueOptions = {},
  ) {}

  /** Queues an event's effect; a build starts when the events settle and none is running. */
  add(effect: Exclude<Effect, { kind: 'ignore' }>): void {
    if (!this.pending) {
      this.pending = new ChangeSet();
      this.pendingSince = Date.now();
    }
    this.pending.add(effect);
    this.schedule();
  }

  private schedule(): void {
    if (this.running || this.betweenWork || !this.pending) return;
    if (this.timer) clearTimeout(this.timer);
    const deadline = Math.max(this.pendingSince, this.lastEnd) + (this.options.maxWaitMs ?? 2000);
    const wait = Math.max(0, Math.min(this.options.settleMs ?? 200, deadline - Date.now()));
    this.timer = setTimeout(() => {
      this.timer = null;
      this.start();
    }, wait);
  }

  private start(): void {
    const changes = this.pending!;
    this.pending = null;
    const n = ++this.count;
    const startedAt = new Date();
    const done = this.build(changes)
      .then(
        (outcome) => this.record(n, changes, startedAt, { result: 'published', outcome }),
        (error: unknown) => this.record(n, changes, startedAt, { result: 'failed', error }),
      )
      .then((record) => {
        this.running = null;
        this.lastEnd = Date.now();
        this.records.unshift(record);
        this.records.length = Math.min(this.records.length, this.options.history ?? 20);
        this.options.log?.(formatRecord(record));
        this.schedule();
        return this.options.onRecord?.(record);
      })
      .catch((error: unknown) => {
        this.options.log?.(`✗ build #${n}: its report failed: ${(error as Error).message ?? String(error)}`);
      });
    this.running = { n, startedAt, changes, done };
  }

  private record(n: number, changes: ChangeSet, startedAt: Date, end: { result: 'published'; outcome: BuildOutcome } | { result: 'failed'; error: unknown }): BuildRecord {
    const finishedAt = new Date();
    const base = {
      n,
      events: [...changes.summaries],
      moreEvents: changes.dropped,
      firstEventAt: changes.firstAt.toISOString(),
      startedAt: startedAt.toISOString(),
      finishedAt: finishedAt.toISOString(),
      durationMs: finishedAt.getTime() - startedAt.getTime(),
    };
    if (end.result === 'published') {
      const { pages } = end.outcome;
      return {
        ...base,
        result: 'published',
        buildId: end.outcome.buildId,
        mode: end.outcome.mode,
        ...(end.outcome.reason ? { reason: end.outcome.reason } : {}),
        pages: { added: pages.added.length, changed: pages.changed.length, removed: pages.removed.length, urls: pages },
        errors: [],
        warnings: end.outcome.warnings,
        heldBack: end.outcome.heldBack ?? [],
      };
    }
    const error = end.error as Error;
    return {
      ...base,
      result: 'failed',
      buildId: null,
      mode: null,
      pages: null,
      error: error?.message ?? String(end.error),
      errors: error instanceof BuildFailure ? error.errors : [],
      warnings: [],
      heldBack: [],
    };
  }

  status(): QueueStatus {
    const running = this.running;
    return {
      running: running ? { n: running.n, startedAt: running.startedAt.toISOString(), events: [...running.changes.summaries], moreEvents: running.changes.dropped } : null,
      queued: this.pending ? { events: [...this.pending.summaries], moreEvents: this.pending.dropped } : null,
      builds: [...this.records],
    };
  }

  /**
   * Runs `work` once the running build (if any) has ended, with no build
   * starting until it is done: a rollback never races a publish. Events
   * that arrive meanwhile build after it.
   */
  async between<T>(work: () => Promise<T>): Promise<T> {
    while (this.running || this.betweenWork) await (this.running?.done ?? this.betweenWork);
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    // Set before the work starts: what it queues synchronously must wait too.
    let release = () => {};
    this.betweenWork = new Promise<void>((resolve) => (release = resolve));
    try {
      return await work();
    } finally {
      this.betweenWork = null;
      release();
      this.schedule();
    }
  }

  /** Resolves once nothing is queued or running (tests, shutdown). */
  async idle(): Promise<void> {
    while (this.timer || this.running || this.pending) {
      if (this.running) await this.running.done;
      else await new Promise((resolve) => setTimeout(resolve, 10));
    }
  }
}

/** Where an issue is and what it says, on one line: code, locale, page (or entity), block, field, message. */
const issueLine = (e: StatusIssue) => `${e.code} [${e.locale ?? '-'}] ${e.slug ?? e.entity}${e.block ? ` ${e.block}` : ''}${e.field ? ` ${e.field}` : ''}: ${e.message}`;

/** The service's log for a build: the same facts as its status record, then one line per page held back and per warning. */
export function formatRecord(record: BuildRecord): string {
  const events = `${record.events.length + record.moreEvents} event${record.events.length + record.moreEvents === 1 ? '' : 's'} (${record.events.slice(0, 3).join(', ')}${record.events.length + record.moreEvents > 3 ? ', …' : ''})`;
  const time = `${(record.durationMs / 1000).toFixed(2)} s`;
  if (record.result === 'failed') {
    const where = record.errors.slice(0, 5).map(issueLine).join('; ');
    return `✗ build #${record.n} failed in ${time} after ${events}: ${record.error}${where ? ` — ${where}` : ''}; the published site is unchanged`;
  }
  const p = record.pages!;
  const lines = [
    `✓ build #${record.n} ${record.buildId} published in ${time} (${record.mode}${record.reason ? `: ${record.reason}` : ''}) after ${events}: ${p.added} added, ${p.changed} changed, ${p.removed} removed${record.warnings.length > 0 ? `, ${record.warnings.length} warning${record.warnings.length === 1 ? '' : 's'}` : ''}${record.heldBack.length > 0 ? `, ${record.heldBack.length} held back` : ''}`,
    ...record.heldBack.map(
      (h) =>
        `  ✗ held back [${h.locale ?? '-'}] ${h.title ?? h.slug ?? h.entity}: ${h.kept ? `its live version stays (${h.kept})` : 'never published, left out'} — ${h.errors.map(issueLine).join('; ')}`,
    ),
    ...record.warnings.map((w) => `  ⚠ ${issueLine(w)}`),
  ];
  return lines.join('\n');
}
