/**
 * Content contract, "Booking hand-off URL": the placeholders an `engineUrl`
 * template may use. The widget fills them in (src/client/blocks/booking);
 * the build warns about any other `{name}` (src/node/content/booking.ts).
 */
export const ENGINE_PLACEHOLDERS = ['resort', 'airport', 'checkin', 'checkout', 'rooms', 'adults', 'children', 'ages', 'promo', 'lang', 'mode'] as const;

export type EnginePlaceholder = (typeof ENGINE_PLACEHOLDERS)[number];

const KNOWN: ReadonlySet<string> = new Set(ENGINE_PLACEHOLDERS);

export function isEnginePlaceholder(name: string): name is EnginePlaceholder {
  return KNOWN.has(name);
}

/**
 * A resort of a `blocks.booking` block (content contract, "Content blocks"):
 * the widget's resort list and, collected over a locale's booking blocks by the
 * build (`resortsOf`), the choices of a form's `destination` field.
 */
export interface Resort {
  code: string;
  name: string;
  destination: string;
}
