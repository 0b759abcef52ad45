/**
 * Whether a form field's `pattern` compiles as browsers compile the HTML
 * `pattern` attribute (`^(?:pattern)$`) with the given flags: the build
 * checks CMS patterns with it (src/node/content/form-patterns.ts) and the
 * browser rewrites them for the `v` flag with it (src/client/blocks/form/pattern.ts).
 */
export function compilesAsFieldPattern(pattern: string, flags: string): boolean {
  try {
    new RegExp(`^(?:${pattern})$`, flags);
    return true;
  } catch {
    return false;
  }
}
