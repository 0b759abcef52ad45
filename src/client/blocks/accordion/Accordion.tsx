import { useId, useLayoutEffect, useRef, useState, type KeyboardEvent } from 'react';
import { RichText } from '../../components/RichText.js';
import { useHydrated } from '../../lib/use-hydrated.js';
import type { BlockComponentProps } from '../props.js';
import { nextHeader } from './keys.js';
import './accordion.css';

/**
 * `blocks.accordion`, the WAI-ARIA APG accordion: each
 * header is an h3 holding a button (`aria-expanded`, `aria-controls`), each
 * panel a `role=region` labelled by its button. Any number may be open.
 * Enter/Space toggle (native buttons); Up/Down/Home/End move between headers.
 *
 * Static HTML: all panel text is there, collapsed with `hidden` (the first
 * client render is the same, so no hydration mismatch). Without JavaScript
 * the stylesheet shows the panels open (`@media (scripting: none)`), so the
 * content stays readable. The chevron is the button's `::after`, beside its
 * text (a flex item of its own without a `<span>`).
 * After hydration collapsed panels become `hidden="until-found"` (React 19
 * renders `hidden` only as a boolean, hence the attribute is set here): the
 * browser's find-in-page can reveal them, and `beforematch` marks them open.
 */
export function Accordion({ block }: BlockComponentProps<'blocks.accordion'>) {
  const uid = useId();
  const hydrated = useHydrated();
  const title = block.props.title ?? '';
  const items = (block.props.items ?? []).map((item) => ({ title: item.title ?? '', body: item.body ?? '' })).filter((item) => item.title);
  const [open, setOpen] = useState<ReadonlySet<number>>(() => new Set());
  const panels = useRef<(HTMLDivElement | null)[]>([]);
  const buttons = useRef<(HTMLButtonElement | null)[]>([]);

  const setItem = (index: number, expanded: boolean) =>
    setOpen((previous) => {
      if (previous.has(index) === expanded) return previous;
      const next = new Set(previous);
      if (expanded) next.add(index);
      else next.delete(index);
      return next;
    });

  useLayoutEffect(() => {
    if (!hydrated) return;
    const cleanups = panels.current.map((panel, index) => {
      if (!panel) return () => {};
      if (panel.hidden) panel.setAttribute('hidden', 'until-found');
      const reveal = () => setItem(index, true);
      panel.addEventListener('beforematch', reveal);
      return () => panel.removeEventListener('beforematch', reveal);
    });
    return () => cleanups.forEach((cleanup) => cleanup());
  }, [hydrated, open]);

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const headers = buttons.current.slice(0, items.length);
    const target = nextHeader(event.key, headers.indexOf(event.target as HTMLButtonElement), headers.length);
    if (target === null) return;
    event.preventDefault();
    headers[target]?.focus();
  };

  if (items.length === 0) return null;
  return (
    <section className="accordion container--narrow" aria-labelledby={title ? `${uid}t` : undefined}>
      {title && (
        <h2 id={`${uid}t`} className="accordion__title">
          {title}
        </h2>
      )}
      <div className="accordion__items" onKeyDown={onKeyDown}>
        {items.map((item, index) => {
          const expanded = open.has(index);
          // Short ids: each is written twice (`id`, and `aria-controls` or `aria-labelledby`), the heading's too.
          const buttonId = `${uid}b${index}`;
          const panelId = `${uid}p${index}`;
          return (
            <div key={index} className="accordion__item">
              <h3 className="accordion__heading">
                {/* No `type="button"`: a block is never inside a form, where a button would submit (14 bytes an item). */}
                <button
                  ref={(element) => {
                    buttons.current[index] = element;
                  }}
                  id={buttonId}
                  className="accordion__trigger"
                  aria-expanded={expanded}
                  aria-controls={panelId}
                  onClick={() => setItem(index, !expanded)}
                >
                  {item.title}
                </button>
              </h3>
              <div
                ref={(element) => {
                  panels.current[index] = element;
                }}
                id={panelId}
                className="accordion__panel"
                role="region"
                aria-labelledby={buttonId}
                hidden={!expanded}
              >
                <RichText html={item.body} />
              </div>
            </div>
          );
        })}
      </div>
    </section>
  );
}
