import { useState } from 'react';
import { useTranslation } from '../../i18n/use-translation.js';
import { changedBefore, useOnHydrated } from '../../lib/changed-before.js';
import { usePage, useVisitor } from '../../page/page-context.js';
import { countryOptions, fold, toAlpha2 } from './countries.js';
import { controlNames, type FieldSpec } from './fields.js';
import { ErrorText, invalidProps, RequiredMark, type ControlLookup } from './FieldParts.js';
import { regionsOf, type RegionTable } from './regions.js';

interface Props {
  field: FieldSpec;
  control: ControlLookup;
  /** Region data, null until loaded after hydration (regions.ts). */
  regions: RegionTable | null;
}

/**
 * `country-state`: a country <select> (names in the page's language) and a
 * state/region <select> of that country; they submit `<name>-country`
 * (alpha-2) and `<name>-state` (region name).
 *
 * The default country is the page's (rule 30): the build's in the static
 * HTML and during hydration, the visitor's afterwards — until the visitor
 * picks one (in the static HTML too, before the form hydrated). Until the region data arrives (and for a country without
 * regions) the state is a text box, so the form also works without
 * JavaScript; what was typed there is kept and selected in the list when it
 * names one of its regions.
 */
export function CountryStateField({ field, control, regions }: Props) {
  const { t } = useTranslation();
  const page = usePage();
  const visitor = useVisitor();
  const [countryName, stateName] = controlNames(field) as [string, string];
  const countryControl = control(countryName);
  const stateControl = control(stateName);
  const options = countryOptions(page.locale);
  const [picked, setPicked] = useState<string | null>(null);
  const fallback = toAlpha2(visitor.country);
  const country = picked ?? (options.some((o) => o.value === fallback) ? fallback : '');
  const [state, setState] = useState('');
  // A country picked or a state typed in the static HTML, before the form hydrated, is the visitor's (nothing typed is lost).
  useOnHydrated(() => {
    setPicked((start) => changedBefore(document.getElementById(countryControl.id)) ?? start);
    setState((start) => changedBefore(document.getElementById(stateControl.id)) ?? start);
  });
  const list = country ? regionsOf(country, regions) : null;
  const stateRequired = field.required && list?.length !== 0;
  return (
    <fieldset className="form__field form__group form__field--country-state">
      <legend className="form__label">
        {field.label}
        <RequiredMark required={field.required} />
      </legend>
      <div className="form__pair">
        <div className="form__subfield">
          <label className="form__sublabel" htmlFor={countryControl.id}>
            {t('form.country')}
          </label>
          <select
            id={countryControl.id}
            className="form__input form__select"
            name={countryName}
            required={field.required}
            autoComplete="country"
            value={country}
            onChange={(event) => {
              setPicked(event.target.value);
              setState('');
            }}
            {...invalidProps(countryControl)}
          >
            <option value="">{t('form.choose')}</option>
            {options.map((o) => (
              <option key={o.value} value={o.value}>
                {o.label}
              </option>
            ))}
          </select>
          <ErrorText control={countryControl} />
        </div>
        <div className="form__subfield">
          <label className="form__sublabel" htmlFor={stateControl.id}>
            {t('form.state')}
          </label>
          {list && list.length > 0 ? (
            <select
              id={stateControl.id}
              className="form__input form__select"
              name={stateName}
              required={stateRequired}
              autoComplete="address-level1"
              value={list.find((r) => fold(r) === fold(state)) ?? ''}
              onChange={(event) => setState(event.target.value)}
              {...invalidProps(stateControl)}
            >
              <option value="">{t('form.choose')}</option>
              {list.map((region, i) => (
                <option key={i} value={region}>
                  {region}
                </option>
              ))}
            </select>
          ) : (
            <input
              id={stateControl.id}
              className="form__input"
              type="text"
              name={stateName}
              required={stateRequired}
              autoComplete="address-level1"
              value={state}
              onChange={(event) => setState(event.target.value)}
              {...invalidProps(stateControl)}
            />
          )}
          <ErrorText control={stateControl} />
        </div>
      </div>
    </fieldset>
  );
}
