/**
 * A request URL as people read it in an error message: brackets decoded and
 * the (long, machine-made) populate parameters collapsed to a count. The
 * exact URL stays on the error's `url` property.
 */
export function displayUrl(url: string): string {
  const queryStart = url.indexOf('?');
  if (queryStart === -1) return url;
  const params = new URLSearchParams(url.slice(queryStart + 1));
  const shown: string[] = [];
  let populate = 0;
  for (const [key, value] of params) {
    if (key.startsWith('populate')) populate += 1;
    else shown.push(`${key}=${value}`);
  }
  const query = shown.length > 0 ? `?${shown.join('&')}` : '';
  const suffix = populate > 0 ? ` (+${populate} populate parameter${populate === 1 ? '' : 's'})` : '';
  return `${url.slice(0, queryStart)}${query}${suffix}`;
}
