'use strict';

/**
 * The media guard's memory of files it asked about (docs/cms.md): a delete or replace of a file only drafts use is refused once,
 * naming the drafts, and the same request by the same person within
 * `CONFIRM_WITHIN_MS` goes ahead. Kept in memory, by requester and file id:
 * a restart forgets the question, which only means being asked again.
 */

/** How long a question stays open: two minutes, enough to read the drafts' names and ask again. */
const CONFIRM_WITHIN_MS = 2 * 60 * 1000;

/** Who is asking, as Strapi authenticated the request: `admin:3`, `api-token:1`; `anonymous` without one. */
function requester(ctx) {
  const auth = ctx?.state?.auth;
  if (auth?.credentials?.id !== undefined) return `${auth.strategy?.name ?? 'auth'}:${auth.credentials.id}`;
  if (ctx?.state?.user?.id !== undefined) return `user:${ctx.state.user.id}`;
  return 'anonymous';
}

/**
 * `confirm(who, action, fileIds, now)`: true when `who` asked to do `action`
 * to every one of `fileIds` within the window, and then forgets those
 * questions (one confirmation per question); otherwise records the question
 * for each file and returns false.
 */
function draftConfirmations({ within = CONFIRM_WITHIN_MS } = {}) {
  const asked = new Map();
  const key = (who, fileId) => `${who}\u0000${Number(fileId)}`;
  return {
    within,
    confirm(who, action, fileIds, now = Date.now()) {
      for (const [k, question] of asked) if (now - question.at >= within) asked.delete(k);
      const keys = fileIds.map((fileId) => key(who, fileId));
      if (keys.every((k) => asked.get(k)?.action === action)) {
        for (const k of keys) asked.delete(k);
        return true;
      }
      for (const k of keys) asked.set(k, { action, at: now });
      return false;
    },
  };
}

module.exports = { draftConfirmations, requester };
