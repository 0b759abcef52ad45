import { existsSync } from 'node:fs';
import { readFile, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Config } from '../config/env.js';
import { unpackWords, withIssueWords } from '../content/issue-words.js';
import { CODE_INPUTS } from './bundle.js';
import { hashInputs, recordedDigests, sha256, type FileDigests } from './hash.js';
import type { ProjectPaths } from './paths.js';
import type { BuildResult } from './pipeline.js';

/*
 * A build's inputs as one key (docs/architecture.md, "Incremental builds"):
 * everything a build of a content folder reads — the folder's files, byte
 * for byte (the pages, the other collections, the media); the code (the
 * sources, the lockfile: CODE_INPUTS, as the release); the configuration;
 * strict or not; the UTC day pages are rendered for (rule 13); the Node it
 * runs on. The same inputs make the same site (a build is deterministic: a
 * warm build publishes what a cold one does, byte for byte,
 * test/build/page-cache.test.ts), so a build whose key is
 * the last published build's has nothing to do: that build is published
 * again if `dist` is not it, and its outcome (warnings, pages held back) is
 * reported again. A CMS build crawls first, so it has no key before its
 * work: it always builds (its unchanged pages come from the caches).
 */

/** The record of the last build made with a key, beside the builds (restored with them by CI and Netlify). */
const RECORD = '.inputs.json';
const VERSION = 2;

/** What a build reports that the record keeps, to report it again. */
export type RecordedResult = Pick<BuildResult, 'buildId' | 'timestamp' | 'pages' | 'files' | 'bytes' | 'mediaFiles' | 'warnings' | 'heldBack' | 'release'>;

interface InputsRecord {
  version: typeof VERSION;
  key: string;
  result: RecordedResult;
}

/** Where a build keeps the record of the files it hashed (hash.ts `FileDigests`): beside its work. */
export const fileDigests = (paths: ProjectPaths): FileDigests => recordedDigests(paths.work);

/**
 * The key of a build of `folder` (content-cache/ layout) with this code and configuration, for `day` (YYYY-MM-DD).
 * `digests` keeps each file's hash: the normalise threads take the page parts' from it (normalise-pool.ts).
 */
export async function buildInputsKey(paths: ProjectPaths, input: { folder: string; config: Config; strict: boolean; day: string; digests: FileDigests }): Promise<string> {
  const code = await hashInputs(paths.root, CODE_INPUTS, input.digests);
  const content = await hashInputs(input.folder, ['.'], input.digests);
  input.digests.save();
  return sha256(`inputs ${VERSION}`, code, content, JSON.stringify(input.config), String(input.strict), input.day, process.version);
}

/**
 * The last build made with `key`, when it is still kept whole in `builds/`;
 * null when there is none (no record, another key, a record that does not
 * read back, the build pruned or incomplete).
 */
export async function builtWith(paths: ProjectPaths, key: string): Promise<RecordedResult | null> {
  let record: InputsRecord;
  try {
    record = JSON.parse(await readFile(path.join(paths.builds, RECORD), 'utf8')) as InputsRecord;
  } catch {
    return null;
  }
  if (record?.version !== VERSION || record.key !== key || typeof record.result?.buildId !== 'string') return null;
  if (!existsSync(path.join(paths.builds, record.result.buildId, 'builds', 'latest.json'))) return null;
  const { result } = record;
  // Each issue's words (English and Spanish) are kept beside it again, as the build that raised it kept them.
  unpackWords(result.warnings);
  for (const held of result.heldBack) unpackWords(held.issues);
  return result;
}

/** Records that `result`'s build was made with `key` (written beside and renamed over: never read half written). */
export async function recordInputs(paths: ProjectPaths, key: string, result: BuildResult): Promise<void> {
  const { buildId, timestamp, pages, files, bytes, mediaFiles, warnings, heldBack, release } = result;
  const record: InputsRecord = { version: VERSION, key, result: { buildId, timestamp, pages, files, bytes, mediaFiles, warnings, heldBack, release } };
  const temporary = path.join(paths.builds, `.staging-inputs-${process.pid}.json`); // a `.staging-` leftover is removed by `recoverInterrupted`
  await writeFile(temporary, JSON.stringify(record, withIssueWords));
  await rename(temporary, path.join(paths.builds, RECORD));
}
