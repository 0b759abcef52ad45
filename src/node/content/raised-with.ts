/**
 * What each content issue was raised with (issues.ts `issueBody`), kept
 * beside the issue rather than on it: the issue stays the plain record the
 * build compares, logs and writes, and only a report words it again, in
 * Spanish, from these values (issue-words.ts). Weak: they go with the issue.
 * An issue that crosses a thread or a file takes its words along instead.
 */

/** An issue's message and hint in one language. */
export interface Words {
  readonly message: string;
  readonly hint?: string;
}

/** An issue's words in English and, when they are known, in Spanish. */
export interface IssueWords {
  readonly en: Words;
  readonly es?: Words;
}

export type Raised = { readonly args: readonly unknown[] } | { readonly words: IssueWords };

const RAISED = new WeakMap<object, Raised>();

/** Notes the values an issue body was formatted from. */
export function noteRaisedWith(issue: object, args: readonly unknown[]): void {
  RAISED.set(issue, { args });
}

/** Notes an issue's words, as they came back from a worker thread. */
export function noteWords(issue: object, words: IssueWords): void {
  RAISED.set(issue, { words });
}

/** The issue made from a body (or copied from another issue) keeps what it was raised with. */
export function carryRaised(from: object, to: object): void {
  const raised = RAISED.get(from);
  if (raised) RAISED.set(to, raised);
}

export function raisedOf(issue: object): Raised | undefined {
  return RAISED.get(issue);
}

/** The values an issue was raised from in this thread (none for one that came back from a worker with its words). */
export function raisedArgs(issue: object): readonly unknown[] | undefined {
  const raised = RAISED.get(issue);
  return raised && 'args' in raised ? raised.args : undefined;
}
