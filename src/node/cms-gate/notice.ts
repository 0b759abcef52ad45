import type { Issue } from '../content/context.js';
import { fieldWords, type Language } from '../content/field-words.js';
import { spanishIssue } from '../content/issues-es.js';
import { CATALOGUE, issueBody, type IssueDefinition } from '../content/issues.js';
import { isRecord } from '../content/values.js';

/**
 * One finding as the CMS keeps and shows it (the plugin's "last check" of
 * an entry, docs/architecture.md "The CMS"): in the editor's language, the
 * field as a path (`blocks[2].cta.url`, for the admin to highlight) and in
 * words ("Block 3 (Hero) › Button › URL").
 */
export interface Notice {
  code: string;
  severity: 'error' | 'warning';
  message: string;
  hint?: string;
  field?: string;
  fieldWords?: string;
  language: Language;
}

const DEFINITIONS = new Map<string, IssueDefinition<unknown[]>>(Object.values(CATALOGUE).map((definition) => [definition.code, definition as IssueDefinition<unknown[]>]));

interface Wording {
  language: Language;
  /** The candidate's data, for the blocks its fields are in. */
  candidate: Readonly<Record<string, unknown>>;
  /** The candidate's place in its list (`data[3]`), cut from its fields; null for a single type. */
  prefix: string | null;
  /** Another document the issue is in, named (`Page "Rooms" (/rooms)`); null when it is the candidate. */
  elsewhere: string | null;
}

/** An issue of the build → a notice in the editor's language, worded from the values it was raised from. */
export function wordNotice(issue: Issue, args: readonly unknown[] | undefined, wording: Wording): Notice {
  const { language } = wording;
  const texts = args ? words(issue.code, args, language) : null;
  const notice: Notice = { code: issue.code, severity: issue.severity, message: texts?.message ?? issue.message, language };
  const hint = texts?.hint ?? issue.hint;
  if (hint) notice.hint = hint;
  const field = issue.field && wording.prefix !== null && wording.elsewhere === null ? ownField(issue.field, wording.prefix) : issue.field;
  const zoneItem = (zone: string, position: number) => {
    const item = wording.elsewhere === null ? (wording.candidate[zone] as unknown[] | undefined)?.[position] : undefined;
    return isRecord(item) && typeof item.__component === 'string' ? item.__component : undefined;
  };
  const place = {
    entity: issue.entity as Parameters<typeof fieldWords>[2]['entity'],
    componentAt: zoneItem,
    ...(issue.component ? { component: issue.component } : {}),
    ...(issue.position !== undefined ? { position: issue.position } : {}),
  };
  const inWords = field ? fieldWords(field, language, place) : '';
  if (wording.elsewhere !== null) {
    // Another entry's field: named in words only, so the admin does not highlight a field of this one.
    notice.fieldWords = inWords ? `${wording.elsewhere} › ${inWords}` : wording.elsewhere;
    return notice;
  }
  if (field) {
    notice.field = field;
    notice.fieldWords = inWords;
  }
  return notice;
}

function words(code: string, args: readonly unknown[], language: Language): { message: string; hint: string } | null {
  if (language === 'es') return spanishIssue(code, args);
  const definition = DEFINITIONS.get(code);
  return definition ? issueBody(definition, ...args) : null;
}

/** `data[3].code` of the fourth promo code → `code`: the field in the candidate's own form. */
function ownField(field: string, prefix: string): string {
  if (field === prefix) return '';
  if (field.startsWith(`${prefix}.`)) return field.slice(prefix.length + 1);
  return field.startsWith(`${prefix}[`) ? field.slice(prefix.length) : field;
}
