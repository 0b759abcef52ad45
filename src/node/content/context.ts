import type { ContentIssue, Locale } from '../../shared/model.js';
import type { IssueBody } from './issues.js';
import { carryRaised } from './raised-with.js';

/** What an issue is about (ContentIssue.entity). */
export type Entity = 'page' | 'layout' | 'error-page' | 'modal' | 'promo-codes';

/**
 * A ContentIssue that also names the block's `__component` when it is about
 * a block, so the report can print `blocks[3] (blocks.hero)`.
 */
export interface Issue extends ContentIssue {
  component?: string;
}

/**
 * Where normalisation is: the entity, locale, slug and block being read, plus
 * the shared issue list. Issues are collected and reported together, never thrown.
 */
export interface Context {
  readonly strict: boolean;
  /** The content came from the CMS (not a cache): a Strapi 5 CMS sends every field of a component. */
  readonly fromCms?: boolean;
  readonly issues: Issue[];
  readonly entity: Entity;
  readonly locale?: Locale;
  /** Page slug, modal name, layout zone or promo code. */
  readonly slug?: string;
  /** The page's Strapi 5 documentId, when known (ContentIssue.documentId). */
  readonly documentId?: string;
  readonly position?: number;
  readonly component?: string;
}

export function within(ctx: Context, patch: Partial<Omit<Context, 'issues' | 'strict'>>): Context {
  return { ...ctx, ...patch };
}

/** Records an issue at `field` of the current place. Keys are written in a fixed order (determinism). */
export function report(ctx: Context, field: string | undefined, body: IssueBody): void {
  const issue: Issue = { severity: body.severity, code: body.code, message: body.message, entity: ctx.entity };
  if (ctx.locale !== undefined) issue.locale = ctx.locale;
  if (ctx.slug !== undefined) issue.slug = ctx.slug;
  if (ctx.documentId !== undefined) issue.documentId = ctx.documentId;
  if (ctx.position !== undefined) issue.position = ctx.position;
  if (ctx.component !== undefined) issue.component = ctx.component;
  if (field !== undefined && field !== '') issue.field = field;
  issue.hint = body.hint;
  carryRaised(body, issue);
  ctx.issues.push(issue);
}
