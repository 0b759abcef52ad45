import type { Resort } from '../../../shared/booking.js';
import { DEFAULT_GUEST_LIMITS } from '../../../shared/block-values.js';
import type { BlockProps } from '../../../shared/blocks/catalogue.js';
import type { Link } from '../../../shared/model.js';

export interface Airport {
  code: string;
  name: string;
}

/** Guest limits of the content contract (`maxRooms`, `maxAdults`, `maxChildren`; the last two per room). */
export interface GuestLimits {
  maxRooms: number;
  maxAdults: number;
  maxChildren: number;
}

/** Children's ages the widget accepts (0–17: an 18-year-old is an adult). */
export const MAX_CHILD_AGE = 17;

/** Used when the content leaves a limit out: a small family search still fits. */
export const DEFAULT_LIMITS: GuestLimits = DEFAULT_GUEST_LIMITS;

/** `blocks.booking` props, narrowed for the widget (content contract, "Content blocks"). */
export interface BookingConfig {
  title: string;
  resorts: Resort[];
  airports: Airport[];
  defaultResort: string;
  defaultAirport: string;
  /** The hand-off URL template ("Booking hand-off URL"); empty when the content has none. */
  engineUrl: string;
  /** `groupsModal` wins over `groupsUrl` (a modal link `#modal=<name>`); null when neither is set. */
  groups: Link | null;
  limits: GuestLimits;
  /**
   * Read as untrusted: spec §5 makes a non-array a 503 in the browser too
   * (`selectPromo`), for a payload that was not written by this build.
   */
  promocodes: unknown;
}

type Props = BlockProps<'blocks.booking'>;

const limit = (value: number | null | undefined, fallback: number, min: number) => Math.max(min, Math.floor(value ?? fallback));

function resorts(value: Props['resorts']): Resort[] {
  return (value ?? [])
    .map((r) => ({ code: (r.code ?? '').trim(), name: (r.name ?? '').trim(), destination: (r.destination ?? '').trim() }))
    .filter((r) => r.code !== '')
    .map((r) => ({ ...r, name: r.name || r.code }));
}

function airports(value: Props['airports']): Airport[] {
  return (value ?? [])
    .map((a) => ({ code: (a.code ?? '').trim().toUpperCase(), name: (a.name ?? '').trim() }))
    .filter((a) => a.code !== '')
    .map((a) => ({ ...a, name: a.name || a.code }));
}

function groupsLink(props: Props, label: string): Link | null {
  const modal = (props.groupsModal ?? '').trim();
  if (modal) return { kind: 'modal', label, modal };
  const url = (props.groupsUrl ?? '').trim();
  return url ? { kind: 'external', label, url } : null;
}

/** The widget's settings from the block's props (typed by src/shared/blocks/booking.ts), with the widget's defaults. */
export function bookingConfig(props: Props, groupsLabel = ''): BookingConfig {
  return {
    title: props.title ?? '',
    resorts: resorts(props.resorts),
    airports: airports(props.airports),
    defaultResort: (props.defaultResort ?? '').trim(),
    defaultAirport: (props.defaultAirport ?? '').trim().toUpperCase(),
    engineUrl: (props.engineUrl ?? '').trim(),
    groups: groupsLink(props, groupsLabel),
    limits: {
      maxRooms: limit(props.maxRooms, DEFAULT_LIMITS.maxRooms, 1),
      maxAdults: limit(props.maxAdults, DEFAULT_LIMITS.maxAdults, 1),
      maxChildren: limit(props.maxChildren, DEFAULT_LIMITS.maxChildren, 0),
    },
    promocodes: props.promocodes,
  };
}
