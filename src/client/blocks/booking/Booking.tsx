import { useId, useMemo, useRef } from 'react';
import { useTranslation } from '../../i18n/use-translation.js';
import type { BlockComponentProps } from '../props.js';
import { BookingForm } from './BookingForm.js';
import { bookingConfig } from './config.js';
import { useEdgeVariables } from './use-edges.js';
import { useSheet } from './use-sheet.js';
import './booking.css';

/**
 * `blocks.booking` (docs/architecture.md): prepares a search and hands it to the resort's
 * booking engine by URL (engine-url.ts); there is no booking API. An inline
 * bar on wide screens; on phones a button opens the form as a full-screen
 * sheet (use-sheet.ts). Rule 26: its edges are written to CSS variables.
 */
export function Booking({ block }: BlockComponentProps<'blocks.booking'>) {
  const { t } = useTranslation();
  const config = useMemo(() => bookingConfig(block.props, t('booking.groups')), [block.props, t]);
  const uid = useId();
  const root = useRef<HTMLElement>(null);
  useEdgeVariables(root);
  const { open, opener, panel, closer, show, hide, onKeyDown } = useSheet();
  const title = config.title || t('booking.title');
  const dialog = open ? { role: 'dialog', 'aria-modal': true, 'aria-labelledby': `${uid}-sheet-title` } : {};
  return (
    <section ref={root} className={`booking${open ? ' booking--open' : ''}`} aria-labelledby={`${uid}-title`} data-booking="">
      <div className="booking__inner">
        <h2 id={`${uid}-title`} className="booking__title">
          {title}
        </h2>
        <button
          ref={opener}
          type="button"
          className="button button--primary booking__open"
          aria-haspopup="dialog"
          aria-expanded={open}
          aria-controls={`${uid}-panel`}
          onClick={show}
        >
          {t('booking.open')}
        </button>
        <div id={`${uid}-panel`} ref={panel} className="booking__panel" onKeyDown={onKeyDown} {...dialog}>
          <div className="booking__sheet-head">
            <p id={`${uid}-sheet-title`} className="booking__sheet-title">
              {title}
            </p>
            <button ref={closer} type="button" className="booking__close" onClick={hide}>
              <span aria-hidden="true">×</span>
              <span className="visually-hidden">{t('booking.close')}</span>
            </button>
          </div>
          <BookingForm config={config} />
        </div>
      </div>
    </section>
  );
}
