import type { Block } from '../../shared/model.js';
import { isActive, type DateBound } from '../../shared/dates.js';
import { geolocated } from '../../shared/geo.js';
import { blockComponent } from '../blocks/registry.js';
import { usePage } from './page-context.js';

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

/** Renders a zone's blocks in order, keeping those targeted to the visitor's country (spec §5, rule 30) and in date (rule 29). */
export function BlockList({ blocks }: { blocks: Block[] }) {
  const { country, now } = usePage();
  return (
    <>
      {geolocated(blocks, country)
        .filter((block) => inDateRange(block, now))
        .map((block, index) => {
        const Component = blockComponent(block.component);
        return Component ? (
          <div key={block.key} className={`block block--${block.name}`} data-block={block.name}>
            <Component block={block} index={index} />
          </div>
        ) : null;
      })}
    </>
  );
}
