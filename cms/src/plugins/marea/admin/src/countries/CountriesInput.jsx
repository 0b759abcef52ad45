import { Box, Combobox, ComboboxOption, Field, Flex, Tag, Typography } from '@strapi/design-system';
import { Cross, Earth } from '@strapi/icons';
import { useId, useMemo, useRef, useState } from 'react';
import { useIntl } from 'react-intl';
import { countryList, countryName, storedCodes } from './names.js';
import { countryTexts } from './texts.js';

/**
 * The input of a `plugin::marea.countries` field (content contract, "Country
 * targeting"): the chosen countries as tags, each removable by its button,
 * and a searchable list to add one, by name in the admin's language. The
 * value stays the JSON list of alpha-3 codes the build reads; no country
 * chosen is "Every country" (spec §5). Nothing is written until the editor
 * adds or removes one, so opening an entry never changes it.
 */
export default function CountriesInput({ name, label, hint, required, disabled, labelAction, value, error, onChange }) {
  const { locale } = useIntl();
  const texts = countryTexts(locale);
  const chosen = useMemo(() => storedCodes(value), [value]);
  const offered = useMemo(() => countryList(locale).filter((country) => !chosen.includes(country.code)), [locale, chosen]);
  const [text, setText] = useState('');
  // The list writes the picked country's name into the search box after the pick: the box is emptied instead.
  const picked = useRef(null);
  const inputId = useId();
  const listId = `${inputId}-chosen`;
  // The search box is described by the chosen countries and the field's help (or its error).
  const describedBy = [listId, error ? `${inputId}-error` : hint ? `${inputId}-hint` : null].filter(Boolean).join(' ');

  const write = (codes) => onChange(name, codes);
  const add = (code) => {
    if (!code) return;
    picked.current = countryName(locale, code);
    setText('');
    if (!chosen.includes(code)) write([...chosen, code]);
  };
  const type = (next) => {
    if (next === picked.current) return setText('');
    picked.current = null;
    setText(next);
  };
  // A removed tag takes its focused button with it: focus goes on to the search box, not to the page's top.
  const search = useRef(null);
  const remove = (code) => {
    write(chosen.filter((other) => other !== code));
    search.current?.focus();
  };

  return (
    <Field.Root id={inputId} name={name} hint={hint} error={error} required={required}>
      <Flex direction="column" alignItems="stretch" gap={2}>
        <Field.Label action={labelAction}>{label}</Field.Label>
        <Box id={listId} role="group" aria-label={`${label}: ${texts.chosen}`}>
          {chosen.length === 0 ? (
            <Flex gap={2}>
              <Earth aria-hidden="true" />
              <Typography fontWeight="bold">{texts.every}</Typography>
              <Typography textColor="neutral600">{texts.everyHint}</Typography>
            </Flex>
          ) : (
            <Flex tag="ul" wrap="wrap" gap={2}>
              {chosen.map((code) => {
                const country = countryName(locale, code);
                return (
                  <li key={code}>
                    <Tag icon={<Cross aria-hidden="true" />} label={texts.remove(country)} disabled={disabled} onClick={() => remove(code)}>
                      {country === code ? code : `${country} (${code})`}
                    </Tag>
                  </li>
                );
              })}
            </Flex>
          )}
        </Box>
        <Combobox
          ref={search}
          aria-describedby={describedBy}
          placeholder={texts.add}
          disabled={disabled}
          autocomplete={{ type: 'list', filter: 'contains' }}
          value=""
          textValue={text}
          onTextValueChange={type}
          onChange={add}
          noOptionsMessage={texts.none}
          clearLabel={texts.clear}
          onClear={() => setText('')}
        >
          {offered.map((country) => (
            <ComboboxOption key={country.code} value={country.code}>
              {country.name}
            </ComboboxOption>
          ))}
        </Combobox>
        <Field.Hint />
        <Field.Error />
      </Flex>
    </Field.Root>
  );
}
