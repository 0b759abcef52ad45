/** A JSON object: what untrusted JSON (CMS responses, stored state, block props) is narrowed to before its keys are read. */
export type JsonRecord = Record<string, unknown>;

/** A plain object, not null and not an array. */
export function isRecord(value: unknown): value is JsonRecord {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
