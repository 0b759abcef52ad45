import type { Block } from '../../shared/model.js';
import { geolocated } from '../../shared/geo.js';
import { blockComponent } from '../blocks/registry.js';
import { usePage } from './page-context.js';

/** Renders a zone's blocks in order, keeping those targeted to the page's country (spec §5). */
export function BlockList({ blocks }: { blocks: Block[] }) {
  const { country } = usePage();
  return (
    <>
      {geolocated(blocks, country).map((block, index) => {
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
