import { describe, expect, it } from 'vitest';
import { BLOCK_DECLARATIONS, MODAL_ITEM_DECLARATIONS } from '../../shared/blocks/catalogue.js';
import { blockComponent, componentsOf, loadBlocks, registeredComponents } from './registry.js';
import { block } from '../../../test/support/blocks.js';

describe('block registry (style: a block is its folder)', () => {
  it('has a component folder for every declared block and modal item (src/shared/blocks/catalogue.ts), and nothing else', () => {
    const declared = [...BLOCK_DECLARATIONS, ...MODAL_ITEM_DECLARATIONS].map((d) => d.component);
    expect(registeredComponents()).toEqual(declared.sort());
  });

  it('loads blocks on demand: none before, the asked ones after, unknown ones skipped', async () => {
    expect(blockComponent('blocks.image')).toBeUndefined();
    await loadBlocks(['blocks.image', 'blocks.nope']);
    expect(typeof blockComponent('blocks.image')).toBe('function');
    expect(blockComponent('blocks.video')).toBeUndefined();
    expect(registeredComponents()).not.toContain('blocks.nope');
  });

  it('collects the components of zones, each once', () => {
    expect(componentsOf([block('blocks.hero', {}), block('blocks.hero', {})], null, [block('blocks.footer', {})])).toEqual(['blocks.hero', 'blocks.footer']);
  });
});
