/** Some media could not be downloaded; every failure is listed, the successful downloads stay on disk. */
export class MediaDownloadError extends Error {
  override readonly name = 'MediaDownloadError';
  readonly failures: ReadonlyArray<{ url: string; error: Error }>;

  constructor(failures: ReadonlyArray<{ url: string; error: Error }>, total: number) {
    super(`Could not download ${failures.length} of ${total} media files:\n` + failures.map(({ error }) => `  - ${error.message}`).join('\n'));
    this.failures = failures;
  }
}
