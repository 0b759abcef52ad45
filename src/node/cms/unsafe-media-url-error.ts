/** A media url that cannot be mapped to a file inside the cache (traversal, odd scheme, no file name). */
export class UnsafeMediaUrlError extends Error {
  override readonly name = 'UnsafeMediaUrlError';
  readonly url: string;

  constructor(url: string, reason: string) {
    super(`Refusing media url ${JSON.stringify(url)}: ${reason}. ` + 'Fix the media entry in the CMS (Media Library) or the field that references it.');
    this.url = url;
  }
}
