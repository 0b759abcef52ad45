import { Fragment, useState } from 'react';
import type { Block } from '../../shared/model.js';
import { CHROME_COMPONENTS, firstContentBlock } from '../../shared/blocks/names.js';
import { isActive, type DateBound } from '../../shared/dates.js';
import { geolocated } from '../../shared/geo.js';
import { blockComponent } from '../blocks/registry.js';
import { usePage } from '../page/page-context.js';

/**
 * A block with `startdate`/`enddate` is shown only while active (rule 29).
 * The timer is the exception: its `enddate` is what it counts down to, and
 * it shows its `expiredText` afterwards.
 */
export function inDateRange(block: Block, now: Date): boolean {
  if (block.component === 'blocks.timer') return true;
  const { startdate, enddate } = block.props as { startdate?: DateBound; enddate?: DateBound };
  return isActive({ startdate, enddate }, now);
}

/**
 * Renders a zone's blocks in order, keeping those targeted to the visitor's
 * country (spec §5, rule 30) and in date (rule 29). `index` counts content
 * blocks only (chrome gets -1), so the first content block is index 0: eager
 * image, and a hero there is the page's h1. With `title` (page zones), a
 * page that does not open with a hero gets the page title as its h1.
 */
export function BlockList({ blocks, title, zone = 'page' }: { blocks: Block[]; title?: string; zone?: 'page' | 'header' | 'footer' }) {
  const { country, now } = usePage();
  const shown = geolocated(blocks, country).filter((block) => inDateRange(block, now));
  const opening = firstContentBlock(shown);
  let index = 0;
  return (
    <>
      {shown.map((block) => {
        const Component = blockComponent(block.component);
        const chrome = CHROME_COMPONENTS.has(block.component);
        const at = chrome ? -1 : index++;
        return (
          <Fragment key={block.key}>
            {title && block === opening && block.component !== 'blocks.hero' && <PageTitle title={title} />}
            {Component ? (
              <div className={`block block--${block.name}`} data-block={block.name} data-block-id={`${zone}-${block.key}`}>
                <Component block={block} index={at} />
              </div>
            ) : (
              <KeptBlock id={`${zone}-${block.key}`} name={block.name} />
            )}
          </Fragment>
        );
      })}
      {title && !opening && <PageTitle title={title} />}
    </>
  );
}

/**
 * A block whose chunk could not be loaded in the browser (a redeploy removed
 * it and rule 17's one reload was already spent): its server HTML is kept as
 * it is, static but readable, instead of hydration wiping it. React leaves
 * the children of `dangerouslySetInnerHTML` alone when hydrating. Known
 * blocks always have a component on the server; unknown ones were left out
 * by the build, so there is nothing to keep for them.
 */
function KeptBlock({ id, name }: { id: string; name: string }) {
  const [html] = useState(() => (typeof document === 'undefined' ? null : (document.querySelector(`[data-block-id="${CSS.escape(id)}"]`)?.innerHTML ?? null)));
  if (html === null) return null;
  return <div className={`block block--${name}`} data-block={name} data-block-id={id} dangerouslySetInnerHTML={{ __html: html }} />;
}

function PageTitle({ title }: { title: string }) {
  return (
    <header className="page-title container">
      <h1>{title}</h1>
    </header>
  );
}
