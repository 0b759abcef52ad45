import { DEFAULT_GUEST_LIMITS } from '../../../shared/block-values.js';
import type { Link } from '../../../shared/model.js';
import { list, num, record, text } from '../props.js';

export interface Resort {
  code: string;
  name: string;
  destination: string;
}

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
  /** Left as it came: `selectPromo` must see a non-array to raise the spec's 503. */
  promocodes: unknown;
}

const limit = (value: unknown, fallback: number, min: number) => Math.max(min, Math.floor(num(value, fallback)));

function resorts(value: unknown): Resort[] {
  return list(value)
    .map(record)
    .map((r) => ({ code: text(r.code).trim(), name: text(r.name).trim(), destination: text(r.destination).trim() }))
    .filter((r) => r.code !== '')
    .map((r) => ({ ...r, name: r.name || r.code }));
}

function airports(value: unknown): Airport[] {
  return list(value)
    .map(record)
    .map((a) => ({ code: text(a.code).trim().toUpperCase(), name: text(a.name).trim() }))
    .filter((a) => a.code !== '')
    .map((a) => ({ ...a, name: a.name || a.code }));
}

function groupsLink(props: Record<string, unknown>, label: string): Link | null {
  const modal = text(props.groupsModal).trim();
  if (modal) return { kind: 'modal', label, modal };
  const url = text(props.groupsUrl).trim();
  return url ? { kind: 'external', label, url } : null;
}

/** Reads the normalised block props; normalisation guarantees shapes, this keeps the widget total. */
export function bookingConfig(props: Record<string, unknown>, groupsLabel = ''): BookingConfig {
  return {
    title: text(props.title),
    resorts: resorts(props.resorts),
    airports: airports(props.airports),
    defaultResort: text(props.defaultResort).trim(),
    defaultAirport: text(props.defaultAirport).trim().toUpperCase(),
    engineUrl: text(props.engineUrl).trim(),
    groups: groupsLink(props, groupsLabel),
    limits: {
      maxRooms: limit(props.maxRooms, DEFAULT_LIMITS.maxRooms, 1),
      maxAdults: limit(props.maxAdults, DEFAULT_LIMITS.maxAdults, 1),
      maxChildren: limit(props.maxChildren, DEFAULT_LIMITS.maxChildren, 0),
    },
    promocodes: props.promocodes,
  };
}
