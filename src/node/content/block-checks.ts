import { cmsInstant } from '../../shared/dates.js';
import { HERO_HEIGHTS, isFormFieldKind, PAGE_KINDS, parseColour, shareNetwork, toOption } from '../../shared/block-values.js';
import { ISSUES } from './issues.js';
import { report, type Context } from './context.js';
import { isRecord, joinPath, type JsonRecord } from './values.js';

type Props = Record<string, unknown>;
/** Checks one block's normalised props; `path` is the block's field path (`blocks[3]`). */
type Check = (props: Props, ctx: Context, path: string) => void;

/**
 * Warnings (never errors: the block still renders) about props a block
 * cannot use as the editor meant. Each check mirrors the browser code that
 * reads the prop, named beside it, and speaks up only where that code falls
 * back silently. Blank values (missing, null, '') are the documented defaults
 * and are never reported.
 */
export function checkBlockProps(component: string, props: Props, ctx: Context, path: string): void {
  for (const check of CHECKS[component] ?? []) check(props, ctx, path);
  // BlockList's inDateRange: the timer's enddate is its countdown, not a visibility bound.
  if (component !== 'blocks.timer') for (const key of ['startdate', 'enddate'] as const) dateBound(key, props, ctx, path);
}

const blank = (value: unknown) => value === null || value === undefined || value === '';
/** The client's `text()`: a non-string reads as ''. */
const text = (value: unknown) => (typeof value === 'string' ? value : '');
/** The client's `num()` accepts it. */
const isNumber = (value: unknown) => typeof value === 'number' && Number.isFinite(value);
const isImage = (media: unknown) => isRecord(media) && media.kind === 'image';

/** Props read with the client's `list()`: anything but an array is an empty list. */
const lists = (...keys: string[]): Check => (props, ctx, path) => {
  for (const key of keys) {
    if (!blank(props[key]) && !Array.isArray(props[key])) report(ctx, joinPath(path, key), ISSUES.invalidList(key, props[key]));
  }
};

const number = (key: string, expected: string, instead: string, ok: (value: unknown) => boolean = isNumber): Check => (props, ctx, path) => {
  if (!blank(props[key]) && !ok(props[key])) report(ctx, joinPath(path, key), ISSUES.invalidNumber(key, expected, props[key], instead));
};

const choice = (key: string, allowed: readonly string[], instead: string): Check => (props, ctx, path) => {
  const value = props[key];
  if (!blank(value) && !(typeof value === 'string' && allowed.includes(value))) report(ctx, joinPath(path, key), ISSUES.invalidChoice(key, value, allowed, instead));
};

/** Runs `check` on each item of the list prop `key` (non-objects read as {}, as the client's `record()` does). */
const items = (key: string, check: (item: JsonRecord, ctx: Context, path: string, index: number) => void): Check => (props, ctx, path) => {
  const list = props[key];
  if (Array.isArray(list)) list.forEach((item, i) => check(isRecord(item) ? item : {}, ctx, joinPath(joinPath(path, key), i), i));
};

/** BlockList's `isActive` (src/shared/dates.ts): an unreadable bound is ignored, so the block shows regardless. */
function dateBound(key: 'startdate' | 'enddate', props: Props, ctx: Context, path: string): void {
  const value = props[key];
  if (blank(value) || (typeof value === 'string' && cmsInstant(value, key === 'startdate' ? 'start' : 'end'))) return;
  report(ctx, joinPath(path, key), ISSUES.invalidDate(value, `the block is shown as if it had no ${key === 'startdate' ? 'start' : 'end'} date`));
}

/** Timer.tsx `endInstant`: without a readable end the timer renders nothing. */
const timerEnd: Check = (props, ctx, path) => {
  const value = props.enddate;
  if (blank(value) || (typeof value === 'string' && cmsInstant(value, 'end'))) return;
  report(ctx, joinPath(path, 'enddate'), ISSUES.invalidDate(value, 'the timer is not shown'));
};

/** form/fields.ts `toForm`: the name defaults to "form"; fields without a name or with a taken one are dropped; unknown kinds become text. */
const formName: Check = (props, ctx, path) => {
  if (text(props.name).trim() === '') report(ctx, joinPath(path, 'name'), ISSUES.missingFormName(props.name));
};

const formFields: Check = (props, ctx, path) => {
  const first = new Map<string, number>();
  items('fields', (field, ctx, at, index) => {
    const name = text(field.name).trim();
    if (name === '') return report(ctx, joinPath(at, 'name'), ISSUES.incompleteItem('Form field', 'name', field.name));
    const taken = first.get(name);
    if (taken !== undefined) return report(ctx, joinPath(at, 'name'), ISSUES.duplicateFieldName(name, taken));
    first.set(name, index);
    const kind = text(field.kind);
    if (!blank(field.kind) && !isFormFieldKind(kind)) report(ctx, joinPath(at, 'kind'), ISSUES.invalidFieldKind(field.kind));
    // FieldView: only these two take their choices from `options` alone (a checkbox without
    // options is a single box; a destination offers the site's resorts).
    const usable = Array.isArray(field.options) && field.options.some((o) => toOption(o) !== null);
    if ((kind === 'select' || kind === 'radio') && !usable) report(ctx, joinPath(at, 'options'), ISSUES.missingOptions(kind));
  })(props, ctx, path);
};

const form: Check[] = [lists('fields'), formName, formFields];

/** carousel/slides.ts: a slide with neither an image nor a title is left out; autoplay is read with `num()`. */
const carousel: Check[] = [
  lists('slides'),
  items('slides', (slide, ctx, path) => {
    if (!isImage(slide.media) && text(slide.title) === '') report(ctx, path, ISSUES.incompleteItem('Slide', 'image or title'));
  }),
  number('autoplay', 'a number of milliseconds (0 = off)', 'autoplay is off'),
];

const CHECKS: Readonly<Record<string, readonly Check[]>> = {
  // Hero.tsx: anything but "half" is full height.
  'blocks.hero': [choice('height', HERO_HEIGHTS, 'the hero is full height')],
  // build/resolve-page-data.ts `listQuery`.
  'blocks.blog-list': [
    choice('kind', PAGE_KINDS, 'the list shows posts'),
    number('pageSize', 'a whole number above 0', 'the default page size is used', (v) => Number.isInteger(v) && (v as number) > 0),
  ],
  // booking/config.ts `bookingConfig`.
  'blocks.booking': [
    lists('airports', 'resorts'),
    ...(['maxRooms', 'maxAdults', 'maxChildren'] as const).map((key) => number(key, 'a number', "the widget's default limit is used")),
  ],
  'blocks.carousel': carousel,
  'modals.carousel': carousel,
  // Gallery.tsx: only images are shown, and a gallery without any renders nothing.
  'blocks.gallery': [
    (props, ctx, path) => {
      const media = Array.isArray(props.images) ? props.images : [];
      if (!media.some(isImage)) report(ctx, joinPath(path, 'images'), ISSUES.noImages(media.filter((m) => isRecord(m) && m.kind === 'video').length));
    },
    number('columns', 'a number', 'the default number of columns is used'),
  ],
  // Accordion.tsx leaves out items without a title.
  'blocks.accordion': [
    lists('items'),
    items('items', (item, ctx, path) => {
      if (text(item.title) === '') report(ctx, joinPath(path, 'title'), ISSUES.incompleteItem('Accordion item', 'title', item.title));
    }),
  ],
  'blocks.terms-list': [lists('items')],
  'blocks.form': form,
  'modals.embedded-form': form,
  'blocks.header': [lists('nav')],
  'blocks.footer': [lists('columns', 'social')],
  // offer-toast/colours.ts `toastColours`, OfferToast.tsx `delay`.
  'blocks.offer-toast': [
    (props, ctx, path) => {
      if (!blank(props.background) && parseColour(props.background) === null) report(ctx, joinPath(path, 'background'), ISSUES.invalidColour(props.background));
    },
    number('delay', 'a number of milliseconds', 'the toast shows without delay'),
  ],
  'blocks.timer': [timerEnd],
  // share/share-urls.ts `networksOf`.
  'blocks.share': [
    lists('networks'),
    (props, ctx, path) => {
      if (!Array.isArray(props.networks)) return;
      props.networks.forEach((value, i) => {
        if (shareNetwork(value) === null) report(ctx, joinPath(joinPath(path, 'networks'), i), ISSUES.unknownShareNetwork(value));
      });
    },
  ],
  // Phone.tsx `phoneNumbers` (the list itself is checked by props.ts: spec §5).
  'blocks.phone': [
    items('numbers', (item, ctx, path) => {
      if (!/\d/.test(text(item.number))) report(ctx, joinPath(path, 'number'), ISSUES.incompleteItem('Phone entry', 'number', item.number));
    }),
  ],
  'modals.room': [lists('features')],
};
