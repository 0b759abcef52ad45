/**
 * The picker's own words, in the admin's interface language (English or
 * Spanish, the languages of the editors' admin; English otherwise). The
 * field's label and help come from the content manager's configuration
 * (cms/src/admin-labels.js), as every field's do.
 */
const TEXTS = {
  en: {
    every: 'Every country',
    everyHint: 'No country chosen: visitors from every country see it.',
    chosen: 'Chosen countries',
    add: 'Add a country…',
    remove: (name) => `Remove ${name}`,
    none: (text) => `No country matches “${text}”`,
    clear: 'Clear',
  },
  es: {
    every: 'Todos los países',
    everyHint: 'Ningún país elegido: lo ven los visitantes de todos los países.',
    chosen: 'Países elegidos',
    add: 'Agregar un país…',
    remove: (name) => `Quitar ${name}`,
    none: (text) => `Ningún país coincide con «${text}»`,
    clear: 'Borrar',
  },
};

/** The texts of `locale` (`es`, `es-MX`, `en`…). */
export function countryTexts(locale) {
  return TEXTS[String(locale).split('-')[0]] ?? TEXTS.en;
}
