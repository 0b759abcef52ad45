'use strict';

/**
 * Labels and help texts of the fields in the admin panel (Strapi shows the
 * raw attribute names otherwise: metaTitle, btntext, text404). Written once
 * into the content manager's view configuration, so an editor's own changes
 * to the views are kept.
 */

/** `metaTitle` → `Meta title`, `text404` → `Text 404`, `groupsModal` → `Groups modal`. */
const humanize = (name) =>
  name
    .replace(/([a-z])([A-Z0-9])/g, '$1 $2')
    .replace(/[-_]/g, ' ')
    .toLowerCase()
    .replace(/^\w/, (c) => c.toUpperCase());

const LABELS = {
  btntext: 'Button text',
  text404: 'Title',
  description404: 'Text',
  dynZone: 'Items (the first one for the visitor’s country is shown)',
  modalName: 'Modal name',
  engineUrl: 'Booking engine URL template',
  url: 'URL',
  groupsUrl: 'Groups URL',
  seo: 'SEO',
  noIndex: 'Hide from search engines (noindex)',
  startdate: 'Show from',
  enddate: 'Show until',
};

/** Help under a field, by field name (any content type or component). */
const DESCRIPTIONS = {
  slug: 'Lower-case words joined by "/", e.g. rooms/garden-villa. "home" is the home page. Not: es, assets, builds, 404.',
  modal: 'Opens this modal instead of a page: its modal name, e.g. deluxe-suite.',
  groupsModal: 'Groups opens this modal (its modal name) instead of the groups URL.',
  modalName: 'Links open it with #modal=<name>: lower-case words and dashes, the same in both languages.',
  engineUrl: 'Placeholders: {resort} {airport} {checkin} {checkout} {rooms} {adults} {children} {ages} {promo} {lang} {mode}.',
  country: 'ISO alpha-3 codes, e.g. ["MEX", "USA"]. Empty: every country.',
  external: 'Opens another site.',
  kind: 'What the page is: lists and the site map group pages by kind.',
  startdate: 'Hidden before this moment (UTC). Empty: no start.',
  enddate: 'Hidden after this moment (UTC). Empty: no end.',
  background: 'An opaque colour, e.g. #0e6f80.',
  delay: 'Milliseconds before it appears.',
  autoplay: 'Carousel: milliseconds between slides, 0 = off. Video: plays muted on its own.',
  pageSize: 'Cards per page.',
  captions: 'A WebVTT file (.vtt) in this language, for the video. Video block: needed when the video has sound.',
};

function label(field) {
  return LABELS[field] ?? humanize(field);
}

async function configure(service, model) {
  const configuration = await service.findConfiguration(model);
  for (const [field, metadata] of Object.entries(configuration.metadatas ?? {})) {
    if (metadata.edit) {
      metadata.edit.label = label(field);
      if (DESCRIPTIONS[field] && !metadata.edit.description) metadata.edit.description = DESCRIPTIONS[field];
    }
    if (metadata.list) metadata.list.label = label(field);
  }
  await service.updateConfiguration(model, { settings: configuration.settings, metadatas: configuration.metadatas, layouts: configuration.layouts });
}

/** Labels every field of the site's content types and components, once (marked in Strapi's store). */
async function labelFields(strapi) {
  const marker = strapi.store({ type: 'plugin', name: 'marea', key: 'labelled' });
  if (await marker.get()) return;
  const contentTypes = strapi.plugin('content-manager').service('content-types');
  const components = strapi.plugin('content-manager').service('components');
  for (const uid of Object.keys(strapi.contentTypes).filter((uid) => uid.startsWith('api::'))) {
    await configure(contentTypes, contentTypes.findContentType(uid));
  }
  for (const uid of Object.keys(strapi.components)) await configure(components, components.findComponent(uid));
  await marker.set({ value: { at: new Date().toISOString() } });
}

module.exports = { labelFields, humanize };
