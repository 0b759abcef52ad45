import { z } from 'zod';
import { cmsInstant } from '../dates.js';
import type { Link, Media, NavLink, PromoCode } from '../model.js';

/**
 * The vocabulary a block is declared in (one file per block in this folder,
 * one per modal item in `src/shared/modal-items/`). A field's kind decides
 * how the build normalises it (src/node/content/props.ts), what the CMS
 * query populates (src/node/cms/populate.ts) and, later, its attribute in the
 * CMS schema; its zod schema is the type of the normalised value, so the
 * props a component receives are typed from the same declaration
 * (`PropsOf`). The browser imports these files for their types only: zod
 * never reaches a page.
 */
type FieldKind =
  | 'text'
  | 'url'
  | 'engineUrl'
  | 'richText'
  | 'number'
  | 'bound'
  | 'boolean'
  | 'choice'
  | 'date'
  | 'media'
  | 'captions'
  | 'mediaList'
  | 'link'
  | 'links'
  | 'list'
  | 'strings'
  | 'options'
  | 'promoCodes'
  | 'modal';

export interface Field<T = unknown> {
  readonly kind: FieldKind;
  /** The normalised value; a value that does not fit is reported and becomes null (the block's documented blank). */
  readonly schema: z.ZodType<T>;
  /** What the block does instead when the value is unusable: the end of the build warning. */
  readonly instead?: string;
  /** How a number field's expected value is worded in the warning ("a whole number above 0"). */
  readonly expected?: string;
  /** The allowed values of a `choice`. */
  readonly choices?: readonly string[];
  /** The fields of each item of a `list`. */
  readonly item?: Fields;
  /** A `list` whose items are chosen by the visitor's country (content contract, "Validation"): it must be an array, every item gets `countries`. */
  readonly geolocated?: boolean;
  /** A `captions` field: the field holding its video, and whether the block lets the visitor hear that video's sound (the build warns about a video with sound and no captions). */
  readonly captionsOf?: { readonly video: string; readonly audible: boolean };
  /** The value when the CMS leaves the field empty, as the block applies it (documentation and the CMS schema; never written into props). */
  readonly default?: string | number | boolean;
}

export type Fields = Readonly<Record<string, Field>>;

/** A field's normalised value. */
type ValueOf<F> = F extends Field<infer T> ? T : never;

/**
 * The props a block receives: every declared field, each possibly missing
 * (the CMS did not send it) or null (blank or unusable; reported at build).
 */
export type PropsOf<F extends Fields> = { readonly [K in keyof F]?: ValueOf<F[K]> | null };

/** Props of one item of a list field: its fields, and `countries` when the item is targeted (spec §5). */
export type ItemOf<F extends Fields> = PropsOf<F> & { readonly countries?: string[] | null };

const field = <T>(kind: FieldKind, schema: z.ZodType<T>, extra: Omit<Field<T>, 'kind' | 'schema'> = {}): Field<T> => ({ kind, schema, ...extra });

/**
 * Plain text; markup is stripped with a warning, and a value that is an unsafe URL (rule 23) is dropped.
 * `choices`: the values an editor picks from in the CMS (a dropdown); the build still reads any text,
 * and the block's own check says what it does with an unknown one.
 */
export const text = (extra: { default?: string; choices?: readonly string[] } = {}) => field('text', z.string(), extra);
/** A link target (href, src, form action): an unsafe protocol drops it (rule 23). */
export const url = () => field('url', z.string());
/** The booking engine's hand-off URL template: a `url` whose unknown `{placeholders}` are reported. */
export const engineUrl = () => field('engineUrl', z.string());
/** Rich text (HTML, Markdown or Strapi blocks) → sanitised HTML, at build time. */
export const richText = () => field('richText', z.string());
export const boolean = (extra: { default?: boolean } = {}) => field('boolean', z.boolean(), extra);
/** A date or date-time the CMS picked (kept as written, read as UTC). */
export const date = (instead: string) =>
  field(
    'date',
    z.string().refine((v) => cmsInstant(v, 'start') !== null),
    { instead },
  );

/** A finite number; `ok` narrows it further (whole, positive…). */
export function number(expected: string, instead: string, options: { ok?: (n: number) => boolean; default?: number } = {}): Field<number> {
  const schema = options.ok ? z.number().finite().refine(options.ok) : z.number().finite();
  return field('number', schema, { expected, instead, ...(options.default === undefined ? {} : { default: options.default }) });
}

/** A form field's limit: a number, or a date (yyyy-MM-dd) for date fields. */
export const bound = () => field('bound', z.union([z.number().finite(), z.string()]));

/** One of a fixed list of strings (case-sensitive). */
export function choice<const T extends readonly [string, ...string[]]>(choices: T, instead: string, options: { default?: T[number] } = {}): Field<T[number]> {
  return field('choice', z.enum(choices) as unknown as z.ZodType<T[number]>, { choices, instead, ...options });
}

const mediaSchema = z.custom<Media>((v) => typeof v === 'object' && v !== null);
const linkSchema = z.custom<Link>((v) => typeof v === 'object' && v !== null);

/** One media file (image or video) → `Media`. */
export const media = () => field('media', mediaSchema);
/**
 * The WebVTT captions of the block's video field `video` → `Media` of kind
 * `captions`, in the entry's locale. `audible`: the block lets the visitor
 * hear the video (native controls), so a video with sound and no captions
 * is a build warning (`VideoWithoutCaptions`); false where the block keeps
 * it muted (the hero's background film).
 */
export const captions = (captionsOf: { video: string; audible: boolean }) =>
  field(
    'captions',
    z.custom<Media>((v) => typeof v === 'object' && v !== null && (v as Media).kind === 'captions'),
    { captionsOf },
  );
/** Several media files → `Media[]` (never null: blank is []). */
export const mediaList = () => field('mediaList', z.array(mediaSchema));
/** A link (content contract, "Links inside blocks") → `Link`; one without a target is left out with a warning. */
export const link = () => field('link', linkSchema);
/** A list of links, each with optional `children` (a header's navigation). */
export const links = () => field('links', z.array(z.custom<NavLink>((v) => typeof v === 'object' && v !== null)));
/** A list of plain strings (share networks, room features); a component entry gives its label, text, title or name. */
export const strings = () => field('strings', z.array(z.string()));
/** A form field's options: strings, numbers or objects with label/value (read by `toOption`, src/shared/block-values.ts). */
export const options = () => field('options', z.array(z.union([z.string(), z.number(), z.record(z.string(), z.string())])));
/** The populated promo-code relation (spec §5: must be an array). */
export const promoCodes = () => field('promoCodes', z.array(z.custom<PromoCode>()));
/** A modal, by `modalName` or id (a string, a number or a related modal entry). */
export const modal = () => field('modal', z.string());

/** A repeatable component: a list of items, each with its own fields. */
export function list<const F extends Fields>(item: F, options: { geolocated?: boolean } = {}): Field<ItemOf<F>[]> {
  return field('list', z.array(z.custom<ItemOf<F>>()), { item, ...options });
}

/** A path below the block, as the build reports it: `['slides', 2, 'title']` → `blocks[3].slides[2].title`. */
export type Path = readonly (string | number)[];

/**
 * What a block's own checks can say. Each is a warning (the block still
 * renders, with the fallback the message names); the build words them
 * (src/node/content/issues.ts) and adds the place.
 */
export interface Warn {
  incompleteItem(at: Path, item: string, missing: string, ...found: [] | [unknown]): void;
  duplicateFieldName(at: Path, name: string, first: number): void;
  invalidFieldKind(at: Path, found: unknown): void;
  missingOptions(at: Path, kind: string): void;
  missingFormName(at: Path, found: unknown): void;
  invalidColour(at: Path, found: unknown): void;
  unknownShareNetwork(at: Path, found: unknown): void;
  noImages(at: Path, videos: number): void;
  invalidDate(at: Path, found: unknown, instead: string): void;
}

/**
 * How the CMS shows a block or modal item to editors (the generated schema,
 * src/node/cms-schema/): its name in words, an icon of Strapi's component
 * picker, one line saying what it is (in English and Spanish), and labels for fields whose name is
 * not a word an editor uses (`cta` → "Button").
 */
export interface Presentation<F extends Fields = Fields> {
  readonly label: string;
  /** A Strapi 5 component icon name (`picture`, `slideshow`, …: the picker's list). */
  readonly icon: string;
  /** In English: the picker's (English admin) and the component schema's `info.description`. */
  readonly description: string;
  /** The same line in Spanish (es-MX), for an admin whose interface language is Spanish. */
  readonly descriptionEs: string;
  readonly labels?: { readonly [K in keyof F]?: string };
  /** Belongs to the layout (header, footer, …): offered in the Layout's zones, not in a page's. */
  readonly layoutOnly?: boolean;
}

export interface Declaration<F extends Fields = Fields> {
  /** The CMS `__component`: `blocks.<folder>` or `modals.<folder>`. */
  readonly component: string;
  readonly fields: F;
  readonly presentation: Presentation;
  /** Site chrome frames a page rather than opening it (src/shared/blocks/chrome.ts). */
  readonly chrome?: boolean;
  /**
   * Read across pages or by a phase over the whole content (share images, list pages, a locale's
   * resorts, the CSP's form origins): kept with its page when a large build sets the other blocks
   * aside (src/node/build/spill.ts). The declaration says who reads it.
   */
  readonly readAcrossPages?: boolean;
  /** Checks beyond each field's type, on the normalised props: where the block would silently fall back. */
  readonly check?: (props: PropsOf<F>, warn: Warn) => void;
}

/**
 * Every block can be scheduled: BlockList shows it only between these
 * bounds (src/shared/dates.ts `isActive`). A block may declare them again
 * with its own meaning (the timer's `enddate` is its countdown).
 */
export const SCHEDULE = {
  startdate: date('the block is shown as if it had no start date'),
  enddate: date('the block is shown as if it had no end date'),
} as const;

/** Declares a block or modal item: its fields (plus the schedule every block has), how editors see it, and its checks. */
export function declare<const C extends string, const F extends Fields>(
  component: C,
  fields: F,
  presentation: Presentation<F>,
  extra: { chrome?: boolean; readAcrossPages?: boolean; check?: (props: PropsOf<typeof SCHEDULE & F>, warn: Warn) => void } = {},
): Declaration<typeof SCHEDULE & F> & { readonly component: C } {
  return { component, fields: { ...SCHEDULE, ...fields }, presentation, ...extra } as Declaration<typeof SCHEDULE & F> & { readonly component: C };
}
