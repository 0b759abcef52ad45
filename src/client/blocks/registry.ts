import type { Block } from '../../shared/model.js';
import type { BlockComponent } from './props.js';

/**
 * The block registry: `__component` → component, one lazy chunk per block.
 * A block is a folder `src/client/blocks/<name>/` whose `index.ts` default-
 * exports its component (`blocks.<name>`); a modal item is a folder
 * `src/client/modals/items/<name>/` (`modals.<name>`). Adding one is its folder:
 * nothing else to edit.
 *
 * Chunks keep the first view small (≤ 130 KB of JavaScript): a page loads
 * the blocks it shows. They are loaded *before* rendering (`loadBlocks`: in
 * the route loader before a client-side navigation, all of them on the
 * server, the first view's before hydration), so rendering stays
 * synchronous and the hydrated tree is the server's. The blocks a first
 * view does not show are *promised* instead (`promiseBlocks`): their static
 * HTML stays as it is, inside a Suspense boundary, until their chunk
 * arrives (src/shared/first-view.ts, src/client/app/DeferredBlock.tsx).
 */
type Module = { default: BlockComponent };

const modules: Record<string, () => Promise<Module>> = {};
for (const [file, load] of Object.entries({
  ...import.meta.glob<Module>('./*/index.ts'),
  ...import.meta.glob<Module>('../modals/items/*/index.ts'),
})) {
  const [, zone, name] = /^(?:\.\/|\.\.\/(modals)\/items\/)([^/]+)\/index\.ts$/.exec(file)!;
  modules[`${zone ? 'modals' : 'blocks'}.${name}`] = load;
}

const loaded = new Map<string, BlockComponent>();
const loading = new Map<string, Promise<void>>();
const promised = new Map<string, { promise: Promise<BlockComponent>; resolve: (component: BlockComponent) => void }>();

/** The component of a loaded block; undefined for an unknown block or one not loaded yet. */
export function blockComponent(component: string): BlockComponent | undefined {
  return loaded.get(component);
}

/** Components the registry can load, sorted (for tests and the build's chunk map). */
export function registeredComponents(): string[] {
  return Object.keys(modules).sort();
}

/**
 * Loads the components of the given `__component`s (unknown ones are
 * skipped: the build reported them). A failed chunk rejects, so callers can
 * treat it as a stale build (rule 17).
 */
export async function loadBlocks(components: Iterable<string>): Promise<void> {
  const wanted = [...new Set(components)].filter((c) => !loaded.has(c) && modules[c]);
  await Promise.all(wanted.map(loadBlock));
}

function loadBlock(component: string): Promise<void> {
  let load = loading.get(component);
  if (!load) {
    load = modules[component]!().then(
      (module) => {
        loaded.set(component, module.default);
        promised.get(component)?.resolve(module.default);
      },
      (error: unknown) => {
        // Not kept: a later call tries again.
        loading.delete(component);
        throw error;
      },
    );
    loading.set(component, load);
  }
  return load;
}

/**
 * Promises the components of blocks that render before their chunk is
 * loaded (registered and not loaded yet; the rest are skipped). Loading
 * them is `loadBlocks`' job; a load that fails leaves the promise pending.
 */
export function promiseBlocks(components: Iterable<string>): void {
  for (const component of components) {
    if (loaded.has(component) || promised.has(component) || !modules[component]) continue;
    let resolve!: (component: BlockComponent) => void;
    const promise = new Promise<BlockComponent>((done) => (resolve = done));
    promised.set(component, { promise, resolve });
  }
}

/**
 * Fetches the chunks of the promised components `which` picks without
 * handing them over: a block that hydrates on use (src/shared/first-view.ts)
 * then hydrates as soon as it is reached for (the browser keeps the module;
 * `loadBlocks` imports it again from there). A failed fetch is left to that
 * load.
 */
export function warmBlocks(which: (component: string) => boolean): void {
  for (const component of promised.keys()) if (which(component)) void modules[component]!().catch(() => {});
}

/** The promise of a promised component (resolved once loaded), or undefined. */
export function promisedBlock(component: string): Promise<BlockComponent> | undefined {
  return promised.get(component)?.promise;
}

/** The `__component`s of some block lists (blocks do not nest blocks). */
export function componentsOf(...zones: (readonly Block[] | null | undefined)[]): string[] {
  const out = new Set<string>();
  for (const zone of zones) if (Array.isArray(zone)) for (const block of zone) out.add(block.component);
  return [...out];
}
