import { z } from 'zod';
import type { EndpointName } from '../cms/raw.js';

/**
 * Strapi 5 webhook events (`../shared/strapi5-samples/webhook-*.json`): what
 * each one means for the public site. Strapi sends one event per database
 * row, so a document with a draft and a published version sends two
 * `entry.delete`s, and editing a published page sends `entry.update`s for
 * the draft only until the editor presses Publish (`entry.publish`).
 */

/** The content types the site reads (content contract), by Strapi model name, and the endpoint each is crawled from. */
export const SITE_MODELS: Readonly<Record<string, EndpointName>> = {
  page: 'pages',
  layout: 'layout',
  'error-page': 'error-page',
  modal: 'modals',
  'promo-code': 'promo-codes',
};

const entrySchema = z.looseObject({
  documentId: z.string().min(1).optional(),
  locale: z.string().nullish(),
  publishedAt: z.string().nullish(),
});

const entryEventSchema = z.object({
  event: z.enum(['entry.create', 'entry.update', 'entry.delete', 'entry.publish', 'entry.unpublish', 'entry.draft-discard']),
  model: z.string().min(1),
  uid: z.string().optional(),
  createdAt: z.string().optional(),
  entry: entrySchema,
});

const mediaEventSchema = z.object({
  event: z.enum(['media.create', 'media.update', 'media.delete']),
  createdAt: z.string().optional(),
  media: z.looseObject({ url: z.string().optional(), name: z.string().optional() }),
});

const otherEventSchema = z.object({
  event: z.enum(['releases.publish', 'review-workflows.updateEntryStage']),
  createdAt: z.string().optional(),
});

const eventSchema = z.union([entryEventSchema, mediaEventSchema, otherEventSchema]);

export type StrapiEvent = z.output<typeof eventSchema>;

/** One document (or single type, or collection) to fetch again, in one CMS locale (null: not localized). */
export interface Change {
  readonly endpoint: EndpointName;
  readonly cmsLocale: string | null;
  /** The document, for pages (fetched on their own); null: the whole endpoint of that locale. */
  readonly documentId: string | null;
  /** `remove`: the document left the public site (unpublished or deleted); `fetch`: read it again. */
  readonly action: 'fetch' | 'remove';
}

/** What an event asks of the builder. */
export type Effect =
  | { readonly kind: 'ignore'; readonly reason: string }
  | { readonly kind: 'change'; readonly change: Change; readonly summary: string }
  | { readonly kind: 'full'; readonly reason: string; readonly summary: string };

/** Parses a webhook body: the event, or a message naming what is wrong with it. */
export function parseEvent(body: unknown): { event: StrapiEvent } | { error: string } {
  const parsed = eventSchema.safeParse(body);
  if (parsed.success) return { event: parsed.data };
  const name = typeof body === 'object' && body !== null && 'event' in body ? (body as { event: unknown }).event : undefined;
  if (typeof name !== 'string') return { error: 'not a Strapi webhook: the body has no `event` name' };
  const known = [...entryEventSchema.shape.event.options, ...mediaEventSchema.shape.event.options, ...otherEventSchema.shape.event.options];
  if (!known.includes(name as never)) return { error: `unknown Strapi event ${JSON.stringify(name).slice(0, 80)} (known: ${known.join(', ')})` };
  const issue = z.prettifyError(parsed.error).split('\n').slice(0, 4).join('; ');
  return { error: `malformed ${name} event: ${issue}` };
}

const describe = (event: { event: string; model: string; entry: { documentId?: string | undefined; locale?: string | null | undefined } }) =>
  `${event.event} ${event.model}${event.entry.documentId ? ` ${event.entry.documentId}` : ''}${event.entry.locale ? ` (${event.entry.locale})` : ''}`;

/**
 * What an event means for the public site. Drafts never reach it: creating
 * or editing a draft, discarding one, or deleting the draft row of a
 * document changes nothing there and is ignored with the reason. Publish,
 * unpublish, deleting a published row and media changes are acted on;
 * what cannot be tied to one document (a release, a media file used
 * anywhere, an entry without a documentId: Strapi 4) is a full build.
 */
export function effectOf(event: StrapiEvent): Effect {
  if (event.event.startsWith('releases.')) return { kind: 'full', reason: 'a release publishes many entries at once', summary: event.event };
  if (event.event === 'review-workflows.updateEntryStage') return { kind: 'ignore', reason: 'a review stage changed; nothing is published until an entry is' };
  if ('media' in event) {
    const name = event.media.name ?? event.media.url ?? 'a file';
    if (event.event === 'media.create') return { kind: 'ignore', reason: `${name} was uploaded; it reaches the site when an entry using it is published` };
    return { kind: 'full', reason: `${event.event}: ${name} may be used by any page, the layout or a modal`, summary: `${event.event} ${name}` };
  }
  if (!('entry' in event)) return { kind: 'ignore', reason: `${event.event} does not change the public site` };
  const endpoint = SITE_MODELS[event.model];
  if (!endpoint) return { kind: 'ignore', reason: `the site does not read the model "${event.model}"` };
  const published = !!event.entry.publishedAt;
  const summary = describe(event);
  switch (event.event) {
    case 'entry.create':
    case 'entry.update':
      // Content types without draft & publish (none today) have every row published.
      if (!published) return { kind: 'ignore', reason: `${summary}: a draft changed; the site shows published entries only` };
      break;
    case 'entry.draft-discard':
      return { kind: 'ignore', reason: `${summary}: a draft was discarded; the published version is unchanged` };
    case 'entry.delete':
      if (!published) return { kind: 'ignore', reason: `${summary}: the draft row was deleted; a published row sends its own event` };
      break;
    case 'entry.publish':
    case 'entry.unpublish':
      break;
  }
  const documentId = event.entry.documentId;
  if (!documentId) return { kind: 'full', reason: `${summary}: the entry has no documentId (Strapi 4?), so it cannot be fetched on its own`, summary };
  const action = event.event === 'entry.unpublish' || event.event === 'entry.delete' ? 'remove' : 'fetch';
  const cmsLocale = event.entry.locale ?? null;
  // Only pages are fetched one document at a time; the other types are small and read whole.
  return { kind: 'change', change: { endpoint, cmsLocale, documentId: endpoint === 'pages' ? documentId : null, action: endpoint === 'pages' ? action : 'fetch' }, summary };
}

/**
 * The changes waiting for one build: events merged as they arrive. The
 * last event on a document decides (publish then unpublish = remove); any
 * full-build event makes the whole set a full build.
 */
export class ChangeSet {
  private readonly byKey = new Map<string, Change>();
  private fullReason: string | null = null;
  readonly summaries: string[] = [];
  /** When the first of these events arrived (the time to live counts from it). */
  readonly firstAt = new Date();

  add(effect: Exclude<Effect, { kind: 'ignore' }>): void {
    // The status keeps the first events of a burst and a count of the rest.
    if (this.summaries.length < 50) this.summaries.push(effect.summary);
    else this.dropped += 1;
    if (effect.kind === 'full') {
      this.fullReason ??= effect.reason;
      return;
    }
    const { endpoint, cmsLocale, documentId } = effect.change;
    const key = `${endpoint}\u0000${cmsLocale ?? ''}\u0000${documentId ?? ''}`;
    this.byKey.delete(key);
    this.byKey.set(key, effect.change);
  }

  /** Events beyond the 50 kept in `summaries`. */
  dropped = 0;

  get full(): string | null {
    return this.fullReason;
  }

  get changes(): Change[] {
    return [...this.byKey.values()];
  }

  get size(): number {
    return this.summaries.length + this.dropped;
  }
}
