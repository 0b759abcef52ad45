/**
 * What every entry of Marea's catalogues says, whatever it is about: the
 * content issues (src/node/content/issues.ts) and the build failures
 * (failures.ts). The docs (docs/content-errors.md) are generated from these
 * fields, and the messages raised come from them, so the two cannot drift.
 * `A` are the values the message is formatted from where it is raised.
 */
export interface CatalogueEntry<A extends unknown[]> {
  /** A few words, static, for the docs. */
  readonly title: string;
  /** What it means and when it is raised, static, for the docs. */
  readonly description: string;
  /** What happened, from the values where it is raised. */
  readonly message: (...args: A) => string;
  /** What to do; for a failure, empty where the message is a part of another one or its caller says what follows. */
  readonly hint: string | ((...args: NoInfer<A>) => string);
  /** Values for the example message and hint in the docs. */
  readonly example: NoInfer<A>;
}
