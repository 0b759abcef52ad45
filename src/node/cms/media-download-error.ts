import { FAILURES, Failure, failureText } from '../platform/failures.js';

/** Some media could not be downloaded; every failure is listed, the successful downloads stay on disk. */
export class MediaDownloadError extends Failure {
  readonly failures: ReadonlyArray<{ url: string; error: Error }>;

  constructor(failures: ReadonlyArray<{ url: string; error: Error }>, total: number) {
    super(
      failureText(
        FAILURES.mediaDownload,
        failures.map(({ error }) => error.message),
        total,
      ),
    );
    this.failures = failures;
  }
}
