/** Types of preview-token.js (CommonJS, loaded by Strapi's config), for the site's TypeScript. */

/** What a preview link names: Strapi's Preview handler's arguments. */
export interface SignedPreviewQuery {
  readonly uid: string;
  readonly documentId: string | null;
  readonly locale: string | null;
  readonly status: string;
}

export type PreviewTokenCheck = 'valid' | 'expired' | 'invalid';

export const PREVIEW_TOKEN_TTL_SECONDS: number;
export const PREVIEW_SECRET_MIN_LENGTH: number;
export function signPreviewToken(secret: string, query: SignedPreviewQuery, now?: number, ttlSeconds?: number): string;
export function verifyPreviewToken(secret: string, token: string, query: SignedPreviewQuery, now?: number): PreviewTokenCheck;
export function previewLink(base: string, secret: string, query: Partial<SignedPreviewQuery> & { uid: string }, now?: number): string;
