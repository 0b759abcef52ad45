/**
 * A loader for an on-demand chunk (the booking calendar, the gallery's
 * lightbox): the import starts once and its promise is shared; a failed load
 * is forgotten so the next call retries (a flaky connection or a redeploy, rule 17).
 */
export function lazyOnce<T>(load: () => Promise<T>): () => Promise<T> {
  let loading: Promise<T> | null = null;
  return () => {
    loading ??= load().catch((error: unknown) => {
      loading = null;
      throw error;
    });
    return loading;
  };
}
