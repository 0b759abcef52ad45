/**
 * Adds each component's one-line description under its name in the picker
 * of a dynamic zone ("Add a component to blocks"), which in Strapi 5 shows
 * only the name and icon: visible text, and the button's accessible
 * description (aria-describedby) so a screen reader reads it after the name.
 *
 * Strapi offers no hook into that picker, so this reads its markup: a tile is
 * a button among buttons only (the picker's grid), outside any heading (the
 * zone's own entries are accordion triggers inside headings), named exactly
 * as a component. The markup carries no uid, so a tile is matched by its
 * name within its group (the accordion section it sits in, labelled by its
 * trigger: "Blocks", "Modals"); a name shared across groups ("Rich text")
 * counts only when its group is known or every such component reads the same.
 * Markup that no longer looks like this is left as it is.
 */

/** Marks the description this module added (holds the component's uid). */
export const DESCRIPTION_ATTRIBUTE = 'data-marea-description';

let counter = 0;

/**
 * The admin's interface language as the descriptions are written: `es` for
 * any Spanish, else `en`. Read from the page, not React: Strapi 5 sets the
 * root's `lang` whenever the language is chosen (at start, from the stored
 * choice, and from the editor's profile once logged in).
 */
export function adminLanguage(doc) {
  return (doc.documentElement.lang || '').toLowerCase().startsWith('es') ? 'es' : 'en';
}

/**
 * The components by name, each with its description in `language` (English
 * where that one is missing): Map label → [{ uid, category, label, description }].
 */
export function byLabel(components, language = 'en') {
  const map = new Map();
  for (const component of components) {
    const description = component.description[language] ?? component.description.en;
    map.set(component.label, [...(map.get(component.label) ?? []), { ...component, description }]);
  }
  return map;
}

/** The picker's group of a tile, in lower case ("blocks"), or null where the markup does not say. */
function groupOf(tile) {
  const region = tile.closest('[role="region"][aria-labelledby]');
  const trigger = region && tile.ownerDocument.getElementById(region.getAttribute('aria-labelledby'));
  return trigger ? trigger.textContent.trim().toLowerCase() : null;
}

function looksLikeTile(button) {
  const grid = button.parentElement;
  if (!grid || button.closest('h1, h2, h3, h4, h5, h6, [role="heading"]')) return false;
  return [...grid.children].every((child) => child.tagName === 'BUTTON');
}

function componentOf(tile, labels) {
  const candidates = labels.get(tile.textContent.trim());
  if (!candidates) return null;
  const group = groupOf(tile);
  const inGroup = candidates.filter((component) => component.category === group);
  if (inGroup.length === 1) return inGroup[0];
  return new Set(candidates.map((component) => component.description)).size === 1 ? candidates[0] : null;
}

function describe(tile, component) {
  const note = tile.ownerDocument.createElement('span');
  note.id = `marea-picker-description-${++counter}`;
  note.setAttribute(DESCRIPTION_ATTRIBUTE, component.uid);
  // Hidden from the name (the tile stays "Hero"); aria-describedby still reads it as the description.
  note.setAttribute('aria-hidden', 'true');
  note.textContent = component.description;
  Object.assign(note.style, { display: 'block', fontSize: '1.1rem', lineHeight: '1.4', fontWeight: 'normal', textAlign: 'center', whiteSpace: 'normal' });
  // Under the name: inside the tile's column (icon, name) when it has one.
  const column = tile.children.length === 1 ? tile.firstElementChild : tile;
  column.append(note);
  const described = tile.getAttribute('aria-describedby');
  tile.setAttribute('aria-describedby', described ? `${described} ${note.id}` : note.id);
  // The tile's fixed height holds a name only: let it grow with the text, never below its own height.
  Object.assign(tile.style, { height: 'auto', minHeight: '8.4rem', paddingTop: '0.8rem', paddingBottom: '0.8rem' });
}

/** Describes every tile under `root` (an element, or the tile itself) not described yet; returns how many it described. */
export function describeTiles(root, labels) {
  const buttons = root.tagName === 'BUTTON' ? [root] : [...root.querySelectorAll('button')];
  let described = 0;
  for (const button of buttons) {
    if (button.querySelector(`[${DESCRIPTION_ATTRIBUTE}]`) || !looksLikeTile(button)) continue;
    const component = componentOf(button, labels);
    if (!component) continue;
    describe(button, component);
    described++;
  }
  return described;
}
