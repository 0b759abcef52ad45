/**
 * Where the client-side navigation in progress goes, if any: the route
 * loader (app/client-loader.ts) sets it, and a chunk error (rule 17,
 * chunk-errors.ts) reloads it rather than the page being left. Its own
 * module so that neither of the two imports the other.
 */
let pending: string | null = null;

export function navigationTarget(): string | null {
  return pending;
}

export function setNavigationTarget(target: string | null): void {
  pending = target;
}
