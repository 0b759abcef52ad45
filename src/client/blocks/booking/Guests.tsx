import { useId, useRef, type FocusEvent, type KeyboardEvent } from 'react';
import { useTranslation } from '../../i18n/use-translation.js';
import type { GuestLimits } from './config.js';
import { describedBy, FieldError, type Problems } from './FieldError.js';
import { RoomFields } from './RoomFields.js';
import type { DraftAction, RoomDraft } from './search-state.js';
import { FIELD } from './validation.js';

interface Props {
  rooms: RoomDraft[];
  limits: GuestLimits;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  idOf: (field: string) => string;
  problems: Problems;
  dispatch: (action: DraftAction) => void;
}

/**
 * Guests: a disclosure button that sums up rooms and guests, and a panel
 * with each room's fields (in the static HTML, hidden until opened). Escape
 * or Done closes it and focus returns to the button; focus leaving it closes it.
 */
export function Guests({ rooms, limits, open, onOpenChange, idOf, problems, dispatch }: Props) {
  const { t } = useTranslation();
  const uid = useId();
  const toggle = useRef<HTMLButtonElement>(null);
  const addRoom = useRef<HTMLButtonElement>(null);
  const wrapper = useRef<HTMLDivElement>(null);
  const adults = rooms.reduce((sum, room) => sum + room.adults, 0);
  const children = rooms.reduce((sum, room) => sum + room.children, 0);
  const summary = [t('booking.adultsCount', { count: adults }), t('booking.childrenCount', { count: children }), t('booking.roomsCount', { count: rooms.length })].join(', ');
  const problem = problems(FIELD.rooms);
  const close = () => {
    onOpenChange(false);
    toggle.current?.focus();
  };
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key !== 'Escape' || !open) return;
    event.preventDefault();
    event.stopPropagation();
    close();
  };
  const onBlur = (event: FocusEvent) => {
    if (wrapper.current?.contains(event.relatedTarget as Node | null)) return;
    // A task later: a removed room's button hands focus on first.
    setTimeout(() => {
      if (wrapper.current && !wrapper.current.contains(document.activeElement)) onOpenChange(false);
    }, 0);
  };
  return (
    <div ref={wrapper} className="booking__field guests" onKeyDown={onKeyDown} onBlur={open ? onBlur : undefined}>
      <span id={`${uid}-label`} className="guests__label">
        {t('booking.guests')}
      </span>
      <button
        ref={toggle}
        id={idOf(FIELD.rooms)}
        type="button"
        className="guests__toggle"
        aria-expanded={open}
        aria-controls={`${uid}-panel`}
        aria-labelledby={`${uid}-label ${uid}-summary`}
        aria-describedby={describedBy(problem?.id)}
        onClick={() => onOpenChange(!open)}
      >
        <span id={`${uid}-summary`}>{summary}</span>
      </button>
      <FieldError problem={problem} />
      <div id={`${uid}-panel`} className="guests__panel" hidden={!open}>
        {rooms.map((room, index) => (
          <RoomFields
            key={index}
            index={index}
            room={room}
            limits={limits}
            canRemove={rooms.length > 1}
            idOf={idOf}
            problems={problems}
            dispatch={dispatch}
            onRemoved={() => addRoom.current?.focus()}
          />
        ))}
        <div className="guests__actions">
          <button
            ref={addRoom}
            type="button"
            className="guests__add"
            // aria-disabled, not disabled: the button keeps focus when the last room allowed is added.
            aria-disabled={rooms.length >= limits.maxRooms || undefined}
            onClick={() => dispatch({ type: 'addRoom', maxRooms: limits.maxRooms, maxAdults: limits.maxAdults })}
          >
            {t('booking.addRoom')}
          </button>
          <button type="button" className="guests__done" onClick={close}>
            {t('booking.done')}
          </button>
        </div>
      </div>
    </div>
  );
}
