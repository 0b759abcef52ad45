import type { MouseEvent, Ref } from 'react';
import { useTranslation } from '../../i18n/use-translation.js';

export interface SummaryItem {
  /** Id of the control to focus. */
  id: string;
  /** "Label: message". */
  text: string;
}

/**
 * The problems of the last submit, as an alert that receives focus, each a
 * link to its control. Links move focus themselves instead of following the
 * `#id`: the hash is the page's modal state (`#modal=name`), and following a
 * fragment scrolls to the control without focusing it.
 */
export function ErrorSummary({ items, ref }: { items: SummaryItem[]; ref: Ref<HTMLDivElement> }) {
  const { t } = useTranslation();
  const go = (event: MouseEvent<HTMLAnchorElement>, id: string) => {
    event.preventDefault();
    document.getElementById(id)?.focus();
  };
  return (
    <div ref={ref} className="form__summary" role="alert" tabIndex={-1}>
      <p className="form__summary-title">{t('form.summary', { count: items.length })}</p>
      <ul>
        {items.map((item) => (
          <li key={item.id}>
            <a href={`#${item.id}`} onClick={(event) => go(event, item.id)}>
              {item.text}
            </a>
          </li>
        ))}
      </ul>
    </div>
  );
}
