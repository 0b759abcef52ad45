import { classNameMap, renameCss } from '../../src/node/build/class-names.js';
import { ROOT } from '../../src/node/build/paths.js';

/** BEM name → the short name a built site has it by (src/node/build/class-names.ts). */
const MAP = classNameMap(ROOT);

/**
 * A CSS selector for a built site: each BEM class in it as the build writes
 * it (`.carousel__button` → `.S`); the classes the build keeps (`.hero`,
 * `.block--Hero`, `.hero--full`) stay as they are. Component tests, which
 * render the sources, select by the BEM names themselves.
 */
export function sel(selector: string): string {
  return renameCss(selector, MAP);
}

/** One class as a built site has it (`carousel__track` → `af`; a class the build keeps as it is). */
export function cls(name: string): string {
  return MAP.get(name) ?? name;
}
