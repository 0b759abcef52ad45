import { createElement, Fragment, memo, Suspense, useMemo, useState } from 'react';
import type { Block } from '../../shared/model.js';
import { CHROME_COMPONENTS, firstContentBlock, isBlock } from '../../shared/blocks/names.js';
import { blockId, shownBlocks } from '../../shared/first-view.js';
import { blockComponent, promisedBlock } from '../blocks/registry.js';
import { useVisitor } from '../page/page-context.js';
import { BlockFrame, LaterBlock } from './DeferredBlock.js';
import { useLaterFailed } from './later-hydration.js';
import { ZoneContext, type Zone } from '../page/zone.js';

/**
 * Renders a zone's blocks in order, keeping those targeted to the visitor's
 * country (spec §5, rule 30) and in date (rule 29). `index` counts content
 * blocks only (chrome gets -1), so the first content block is index 0: eager
 * image, and a hero there is the page's h1. With `title` (page zones), a
 * page that does not open with a hero gets the page title as its h1.
 */
export function BlockList({ blocks, title, zone = 'page' }: { blocks: Block[]; title?: string; zone?: Zone }) {
  const { country, now } = useVisitor();
  const shown = shownBlocks(blocks, country, now);
  const opening = firstContentBlock(shown);
  let index = 0;
  return (
    <ZoneContext.Provider value={zone}>
      {shown.map((block) => {
        const chrome = CHROME_COMPONENTS.has(block.component);
        const at = chrome ? -1 : index++;
        return (
          <Fragment key={block.key}>
            {title && block === opening && !isBlock(block, 'blocks.hero') && <PageTitle title={title} />}
            {/* Keyed by component too: a navigation that puts another block at this position starts it afresh. */}
            <BlockItem key={block.component} block={block} index={at} zone={zone} />
          </Fragment>
        );
      })}
      {title && !opening && <PageTitle title={title} />}
    </ZoneContext.Provider>
  );
}

/**
 * One block in its frame, inside a Suspense boundary of its own (on the
 * server too, so the trees match): a block whose chunk comes after the first
 * view (src/shared/first-view.ts) keeps its static HTML until it does.
 * Memoised, and its boundary's element kept while it waits: a dehydrated
 * boundary that receives new props is rendered again from nothing by React.
 * So until it is live it keeps the index it was rendered with (a dated block
 * before it that the visitor's clock hides changes the others' indexes,
 * rule 29). Whether it waits is decided once (the same element type for the
 * block's life: no remount when the chunk lands).
 */
const BlockItem = memo(function BlockItem({ block, index, zone }: { block: Block; index: number; zone: Zone }) {
  const id = blockId(zone, block.key);
  const [later] = useState(() => !blockComponent(block.component) && !!promisedBlock(block.component));
  const [live, setLive] = useState(!later);
  const [first] = useState(index);
  const at = live ? index : first;
  const failed = useLaterFailed(block.component);
  const Component = blockComponent(block.component);
  const content = useMemo(
    () => <Suspense fallback={null}>{later ? <LaterBlock block={block} index={at} onLive={setLive} /> : Component && createElement(Component, { block, index: at })}</Suspense>,
    [later, block, at, Component],
  );
  if (later ? failed : !Component) return <KeptBlock id={id} name={block.name} />;
  return (
    <BlockFrame id={id} block={block} waits={!live}>
      {content}
    </BlockFrame>
  );
});

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
  return <div className={`block block--${name}`} data-block-id={id} dangerouslySetInnerHTML={{ __html: html }} />;
}

function PageTitle({ title }: { title: string }) {
  return (
    <header className="page-title container">
      <h1>{title}</h1>
    </header>
  );
}
