import { ChangeSet, type Effect } from './events.js';

/** A content error as the status shows it to editors: where, and what. */
export interface StatusIssue {
  readonly code: string;
  readonly message: string;
  readonly entity: string;
  readonly locale?: string;
  readonly slug?: string;
  readonly block?: string;
  readonly field?: string;
}

/** What a build did, as the builder reports it. */
export interface BuildOutcome {
  readonly buildId: string;
  /** Whether the build was incremental (changes fetched on their own) or read the whole CMS, and why. */
  readonly mode: 'incremental' | 'full';
  readonly reason?: string;
  /** Page URLs (site paths, `/es/…` for Spanish) added, changed and removed against the build before. */
  readonly pages: { readonly added: string[]; readonly changed: string[]; readonly removed: string[] };
  readonly warnings: number;
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
  /** One line per build. */
  readonly log?: (line: string) => void;
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
    if (this.running || !this.pending) return;
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

  /** Resolves once nothing is queued or running (tests, shutdown). */
  async idle(): Promise<void> {
    while (this.timer || this.running || this.pending) {
      if (this.running) await this.running.done;
      else await new Promise((resolve) => setTimeout(resolve, 10));
    }
  }
}

/** The service's log line for a build: the same facts as its status record. */
export function formatRecord(record: BuildRecord): string {
  const events = `${record.events.length + record.moreEvents} event${record.events.length + record.moreEvents === 1 ? '' : 's'} (${record.events.slice(0, 3).join(', ')}${record.events.length + record.moreEvents > 3 ? ', …' : ''})`;
  const time = `${(record.durationMs / 1000).toFixed(2)} s`;
  if (record.result === 'failed') {
    const where = record.errors
      .slice(0, 5)
      .map((e) => `${e.code} [${e.locale ?? '-'}] ${e.slug ?? e.entity}${e.block ? ` ${e.block}` : ''}${e.field ? ` ${e.field}` : ''}: ${e.message}`)
      .join('; ');
    return `✗ build #${record.n} failed in ${time} after ${events}: ${record.error}${where ? ` — ${where}` : ''}; the published site is unchanged`;
  }
  const p = record.pages!;
  return `✓ build #${record.n} ${record.buildId} published in ${time} (${record.mode}${record.reason ? `: ${record.reason}` : ''}) after ${events}: ${p.added} added, ${p.changed} changed, ${p.removed} removed`;
}
