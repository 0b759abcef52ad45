import { useState, type KeyboardEvent } from 'react';
import { useTranslation } from '../../i18n/use-translation.js';
import { describedBy, FieldError, type FieldProblem } from './FieldError.js';
import { exactOption, filterOptions, groupOptions, type Option } from './options.js';
import type { Choice } from './search-state.js';

interface Props {
  id: string;
  label: string;
  options: Option[];
  /** Show the options under their group headings (resorts by destination). */
  grouped?: boolean;
  choice: Choice;
  onChange: (choice: Choice) => void;
  problem: FieldProblem | null;
}

/**
 * An editable combobox with a list popup (ARIA 1.2 combobox pattern):
 * typing filters the options and highlights the first; ArrowDown/ArrowUp
 * open the list and move the highlight (aria-activedescendant, focus stays
 * in the box); Enter picks; Escape closes the list; Tab leaves. Text that
 * names an option exactly (its label or code) selects it; any other text is
 * kept as typed and reported by validation, never cleared.
 */
export function Combobox({ id, label, options, grouped = false, choice, onChange, problem }: Props) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const [filtering, setFiltering] = useState(false);
  const [active, setActive] = useState(-1);
  const listId = `${id}-listbox`;
  const optionId = (index: number) => `${id}-option-${index}`;
  const shown = filtering ? filterOptions(options, choice.text) : options;
  const groups = grouped ? groupOptions(shown) : [{ group: '', options: shown }];
  const flat = groups.flatMap((g) => g.options);
  const selected = flat.findIndex((o) => o.value === choice.code);

  const show = (index: number) => {
    setOpen(true);
    setActive(index);
  };
  const close = () => {
    setOpen(false);
    setFiltering(false);
    setActive(-1);
  };
  const pick = (option: Option) => {
    onChange({ code: option.value, text: option.label });
    close();
  };
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    const last = flat.length - 1;
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      const down = event.key === 'ArrowDown';
      if (!open) show(event.altKey ? -1 : selected >= 0 ? selected : down ? 0 : last);
      else if (flat.length > 0) setActive(down ? (active >= last ? 0 : active + 1) : active <= 0 ? last : active - 1);
    } else if (event.key === 'Enter' && open && flat[active]) {
      event.preventDefault();
      pick(flat[active]);
    } else if (event.key === 'Escape' && open) {
      // Closes the list only, not the mobile sheet around it.
      event.preventDefault();
      event.stopPropagation();
      close();
    }
  };
  /** Position of each option in `flat` (the order of the keyboard and of `aria-activedescendant`). */
  const position = new Map(flat.map((option, i) => [option, i]));
  const renderOption = (option: Option) => {
    const i = position.get(option)!;
    return (
      <div
        key={option.value}
        id={optionId(i)}
        role="option"
        aria-selected={option.value === choice.code}
        className={`combobox__option${i === active ? ' is-active' : ''}`}
        // Keeps focus in the box while the pointer picks.
        onMouseDown={(event) => event.preventDefault()}
        onClick={() => pick(option)}
      >
        {option.label}
      </div>
    );
  };

  return (
    <div className="booking__field combobox">
      <label htmlFor={id}>{label}</label>
      <div className="combobox__control">
        <input
          id={id}
          type="text"
          role="combobox"
          autoComplete="off"
          spellCheck={false}
          aria-autocomplete="list"
          aria-expanded={open}
          aria-controls={listId}
          aria-activedescendant={open && active >= 0 ? optionId(active) : undefined}
          aria-invalid={problem ? true : undefined}
          aria-describedby={describedBy(problem?.id)}
          value={choice.text}
          onChange={(event) => {
            const text = event.target.value;
            onChange({ code: exactOption(options, text)?.value ?? '', text });
            setFiltering(true);
            show(filterOptions(options, text).length > 0 ? 0 : -1);
          }}
          onKeyDown={onKeyDown}
          onClick={() => (open ? close() : show(selected))}
          onBlur={close}
        />
        <span className="combobox__arrow" aria-hidden="true" onMouseDown={(event) => event.preventDefault()} onClick={() => (open ? close() : show(selected))} />
      </div>
      <div id={listId} role="listbox" aria-label={label} className="combobox__list" hidden={!open}>
        {groups.map(({ group, options: members }, g) =>
          group ? (
            <div key={group} role="group" aria-labelledby={`${id}-group-${g}`} className="combobox__group">
              <div role="presentation" id={`${id}-group-${g}`} className="combobox__group-label">
                {group}
              </div>
              {members.map(renderOption)}
            </div>
          ) : (
            members.map(renderOption)
          ),
        )}
        {flat.length === 0 && <div className="combobox__empty">{t('booking.noResults')}</div>}
      </div>
      <p className="visually-hidden" aria-live="polite">
        {open && filtering ? t('booking.results', { count: flat.length }) : ''}
      </p>
      <FieldError problem={problem} />
    </div>
  );
}
