import type { ContentIssue } from '../../shared/model.js';
import { spanishIssue } from './issues-es.js';
import { noteWords, raisedOf, type IssueWords, type Words } from './raised-with.js';

export type { IssueWords } from './raised-with.js';

/** An issue that carries its words itself: read back from a build's report file, or back from a worker thread. */
type Worded = ContentIssue & { words?: IssueWords };

const wordsOf = (message: string, hint: string | undefined): Words => (hint ? { message, hint } : { message });

/**
 * An issue's message and hint in English and in Spanish, the Spanish worded
 * from the values it was raised with (issues-es.ts, as the publish gate and
 * the preview word theirs). Without those values (an issue made by hand)
 * only the English: readers fall back to it.
 */
export function issueWords(issue: Worded): IssueWords {
  if (issue.words) return issue.words;
  const raised = raisedOf(issue);
  if (raised && 'words' in raised) return raised.words;
  const en = wordsOf(issue.message, issue.hint);
  let es: Words | null = null;
  try {
    const spanish = raised ? spanishIssue(issue.code, raised.args) : null;
    if (spanish) es = wordsOf(spanish.message, spanish.hint);
  } catch {
    // A Spanish text that cannot format these values: the English stands.
  }
  return es ? { en, es } : { en };
}

/**
 * `JSON.stringify`'s replacer for what another process reads (the build's
 * report file, read by scripts/report-build.ts): each issue with its words.
 */
export function withIssueWords(_key: string, value: unknown): unknown {
  return value !== null && typeof value === 'object' && raisedOf(value) ? { ...value, words: issueWords(value as Worded) } : value;
}

/** In a worker thread: each issue takes its words along (the values it was raised with stay in the thread). */
export function packWords(issues: readonly Worded[]): void {
  for (const issue of issues) if (raisedOf(issue)) issue.words = issueWords(issue);
}

/** Back in the main thread: the words are kept beside each issue again, which is then as the main thread makes it. */
export function unpackWords(issues: readonly Worded[]): void {
  for (const issue of issues) {
    if (!issue.words) continue;
    noteWords(issue, issue.words);
    delete issue.words;
  }
}
