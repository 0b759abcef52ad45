import { describe, expect, it } from 'vitest';
import { BLOCK_COMPONENTS, MODAL_COMPONENTS } from '../../shared/blocks.js';
import { blockComponent, componentsOf, hasBlock, loadBlocks, registeredComponents } from './registry.js';
import { block } from '../../../test/support/blocks.js';

describe('block registry (style: a block is its folder)', () => {
  it('has a component for every block and modal of the content contract, and nothing else', () => {
    expect(registeredComponents()).toEqual([...BLOCK_COMPONENTS, ...MODAL_COMPONENTS].sort());
  });

  it('loads blocks on demand: none before, the asked ones after, unknown ones skipped', async () => {
    expect(blockComponent('blocks.image')).toBeUndefined();
    await loadBlocks(['blocks.image', 'blocks.nope']);
    expect(typeof blockComponent('blocks.image')).toBe('function');
    expect(blockComponent('blocks.video')).toBeUndefined();
    expect(hasBlock('blocks.nope')).toBe(false);
  });

  it('collects the components of zones, each once', () => {
    expect(componentsOf([block('blocks.hero', {}), block('blocks.hero', {})], null, [block('blocks.footer', {})])).toEqual(['blocks.hero', 'blocks.footer']);
  });
});
