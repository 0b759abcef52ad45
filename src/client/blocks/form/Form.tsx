import { useEffect, useId, useMemo, useRef, useState, type FormEvent, type SyntheticEvent } from 'react';
import { useTranslation } from '../../i18n/use-translation.js';
import { usePage, useVisitor } from '../../page/page-context.js';
import { usePageData } from '../../page/page-data-context.js';
import { useHydrated } from '../../lib/use-hydrated.js';
import type { BlockComponentProps } from '../props.js';
import { ErrorSummary, type SummaryItem } from './ErrorSummary.js';
import { FieldView } from './FieldView.js';
import type { ControlLookup } from './FieldParts.js';
import { formatDay } from './dates.js';
import { controlNames, toForm, type FieldSpec } from './fields.js';
import { regionsOf } from './regions.js';
import { RichText } from '../../components/RichText.js';
import { HONEYPOT, isSpam, NETLIFY_ENDPOINT, send } from './submit.js';
import { useRegions } from './use-regions.js';
import { validateField, type Problem, type ValidationContext } from './validate.js';
import './form.css';

type Status = 'idle' | 'sending' | 'sent' | 'failed';
type FocusTarget = 'summary' | 'success' | 'submit';
/** Types whose `change` is a finished answer (a text box changes on every key: it is re-checked on blur). */
const CHOSEN_ON_CHANGE = new Set(['select-one', 'radio', 'checkbox']);

/**
 * `blocks.form` (and `modals.embedded-form`): name, title, fields, submitLabel,
 * successMessage, action. The static HTML is a working form on its own: a
 * Netlify form (`data-netlify`, `form-name`, honeypot) or a plain POST to
 * `action`, with the native constraints. Once hydrated it validates itself
 * (`noValidate`; messages beside the fields and an alert summary), posts
 * with fetch (busy, success and failure states) and never clears what the
 * visitor typed unless the message was sent.
 */
export function Form({ block, inModal = false }: BlockComponentProps<'blocks.form' | 'modals.embedded-form'>) {
  const { t } = useTranslation();
  const page = usePage();
  const visitor = useVisitor();
  const { resorts } = usePageData();
  const hydrated = useHydrated();
  const spec = useMemo(() => toForm(block.props), [block.props]);
  const uid = useId();
  const [regions, wantRegions] = useRegions(spec.fields.some((f) => f.kind === 'country-state'));
  const [problems, setProblems] = useState<ReadonlyMap<string, Problem>>(new Map());
  const [summary, setSummary] = useState<readonly string[]>([]);
  const [submitted, setSubmitted] = useState(false);
  const [status, setStatus] = useState<Status>('idle');
  const [focus, setFocus] = useState<{ target: FocusTarget; n: number } | null>(null);
  const summaryRef = useRef<HTMLDivElement>(null);
  const successRef = useRef<HTMLDivElement>(null);
  const submitRef = useRef<HTMLButtonElement>(null);
  const requestFocus = (target: FocusTarget) => setFocus((previous) => ({ target, n: (previous?.n ?? 0) + 1 }));
  // Focus moves after the render that shows its target (refs are stable: only a new request moves it).
  useEffect(() => {
    if (focus) ({ summary: summaryRef, success: successRef, submit: submitRef })[focus.target].current?.focus();
  }, [focus]);

  /** Field of each submitted control name. */
  const fieldOf = useMemo(() => new Map(spec.fields.flatMap((f) => controlNames(f).map((c) => [c, f] as const))), [spec]);
  const ctx: ValidationContext = {
    now: visitor.now,
    hasRegions: (country) => {
      const list = regionsOf(country, regions);
      return list === null ? null : list.length > 0;
    },
  };
  const idOf = (name: string) => `${uid}-${name}`;
  const message = (p: Problem) =>
    t(`form.errors.${p.key}`, p.key === 'dateMin' || p.key === 'dateMax' ? { date: formatDay(String(p.params?.date), page.locale) } : (p.params ?? {}));
  const control: ControlLookup = (name) => {
    const problem = problems.get(name);
    return { id: idOf(name), errorId: `${idOf(name)}-error`, message: problem ? message(problem) : null };
  };
  const labelOf = (name: string, field: FieldSpec) =>
    field.kind !== 'country-state' ? field.label : `${field.label} – ${t(name.endsWith('-country') ? 'form.country' : 'form.state')}`;

  const check = (fields: readonly FieldSpec[], data: FormData) => {
    const found = new Map<string, Problem>();
    for (const field of fields) for (const [name, problem] of validateField(field, data, ctx)) found.set(name, problem);
    return found;
  };

  /** After the first submit, a control is re-checked when left (and when a choice changes). */
  const recheck = (event: SyntheticEvent<HTMLFormElement>) => {
    const target = event.target as HTMLInputElement;
    const field = fieldOf.get(target.name);
    if (!submitted || !field || (event.type === 'change' && !CHOSEN_ON_CHANGE.has(target.type))) return;
    const problem = check([field], new FormData(event.currentTarget)).get(target.name);
    setProblems((previous) => {
      const next = new Map(previous);
      if (problem) next.set(target.name, problem);
      else next.delete(target.name);
      return next;
    });
  };

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (status === 'sending') return;
    const data = new FormData(event.currentTarget);
    const found = check(spec.fields, data);
    setSubmitted(true);
    setProblems(found);
    setSummary([...found.keys()]);
    if (found.size > 0) {
      setStatus('idle');
      requestFocus('summary');
      return;
    }
    if (isSpam(data)) {
      setStatus('sent');
      requestFocus('success');
      return;
    }
    setStatus('sending');
    const sent = await send(spec.action ?? NETLIFY_ENDPOINT, data);
    setStatus(sent ? 'sent' : 'failed');
    requestFocus(sent ? 'success' : 'submit');
  };

  const items: SummaryItem[] = summary
    .filter((name) => problems.has(name))
    .map((name) => ({ id: idOf(name), text: t('form.summaryItem', { label: labelOf(name, fieldOf.get(name)!), message: message(problems.get(name)!) }) }));
  const netlify = spec.action === null;
  const titleId = `${uid}-title`;
  const showTitle = !inModal && spec.title !== '';
  return (
    <div className={`form-block${inModal ? ' form-block--modal' : ''}`}>
      {showTitle && (
        <h2 id={titleId} className="form-block__title">
          {spec.title}
        </h2>
      )}
      <form
        className="form"
        name={spec.name}
        method="POST"
        action={spec.action ?? undefined}
        data-netlify={netlify ? 'true' : undefined}
        netlify-honeypot={netlify ? HONEYPOT : undefined}
        noValidate={hydrated}
        aria-labelledby={showTitle ? titleId : undefined}
        aria-busy={status === 'sending' || undefined}
        hidden={status === 'sent'}
        onSubmit={onSubmit}
        onBlur={recheck}
        onChange={(event) => {
          wantRegions();
          recheck(event);
        }}
        onFocus={wantRegions}
        onPointerDown={wantRegions}
      >
        {netlify && <input type="hidden" name="form-name" value={spec.name} />}
        {spec.fields.some((f) => f.required) && <p className="form__note">{t('form.requiredNote')}</p>}
        {items.length > 0 && <ErrorSummary ref={summaryRef} items={items} />}
        <div className="form__fields">
          {spec.fields.map((field) => (
            <FieldView key={field.name} field={field} control={control} regions={regions} resorts={resorts} />
          ))}
        </div>
        {/* Spam trap: off screen, out of the tab order and the accessibility tree; autofill must not fill it either. */}
        <div className="form__trap" aria-hidden="true">
          <label>
            {t('form.honeypot')}
            <input type="text" name={HONEYPOT} tabIndex={-1} autoComplete="off" />
          </label>
        </div>
        <div className="form__failure" role="alert">
          {status === 'failed' && <p>{t('form.failure')}</p>}
        </div>
        <button ref={submitRef} type="submit" className="form__submit" disabled={status === 'sending'}>
          {status === 'sending' ? t('form.sending') : spec.submitLabel || t('form.submit')}
        </button>
      </form>
      <div ref={successRef} className="form__success" role="status" tabIndex={-1}>
        {status === 'sent' && (spec.successMessage ? <RichText html={spec.successMessage} /> : <p>{t('form.success')}</p>)}
      </div>
    </div>
  );
}
