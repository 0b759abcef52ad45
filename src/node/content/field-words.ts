import { declarationOf } from '../../shared/blocks/catalogue.js';
import type { Entity } from './context.js';

/** The languages an editor reads messages in (the admin user's language: `es` → Spanish, else English). */
export type Language = 'en' | 'es';

/** A field's name in words, in each language; `item` names one entry of a list field ("Slide 3"). */
interface Words {
  readonly en: string;
  readonly es: string;
  readonly item?: { readonly en: string; readonly es: string };
}

const w = (en: string, es: string, item?: [string, string]): Words => (item ? { en, es, item: { en: item[0], es: item[1] } } : { en, es });

/**
 * Blocks and modal items by `__component`, in Spanish; their English names
 * are the declarations' own (`presentation.label`, what the admin's block
 * picker shows). A test holds this to the declarations: a new block needs
 * its Spanish name here.
 */
export const BLOCK_NAMES_ES: Readonly<Record<string, string>> = {
  'blocks.hero': 'Portada',
  'blocks.image': 'Imagen',
  'blocks.video': 'Video',
  'blocks.wysiwyg': 'Texto enriquecido',
  'blocks.blog-list': 'Lista de páginas',
  'blocks.pagination': 'Números de página',
  'blocks.booking': 'Reservas',
  'blocks.carousel': 'Carrusel',
  'blocks.gallery': 'Galería',
  'blocks.accordion': 'Acordeón',
  'blocks.form': 'Formulario',
  'blocks.header': 'Encabezado',
  'blocks.footer': 'Pie de página',
  'blocks.cookie-notice': 'Aviso de cookies',
  'blocks.language-switcher': 'Selector de idioma',
  'blocks.offer-toast': 'Aviso de oferta',
  'blocks.timer': 'Cuenta regresiva',
  'blocks.terms-list': 'Lista de términos',
  'blocks.site-map': 'Mapa del sitio',
  'blocks.share': 'Botones para compartir',
  'blocks.phone': 'Teléfono',
  'modals.carousel': 'Carrusel',
  'modals.embedded-form': 'Formulario integrado',
  'modals.room': 'Habitación',
  'modals.service': 'Servicio',
  'modals.wysiwyg': 'Texto enriquecido',
};

/** The declaration of a zone's item: blocks in page and layout zones, modal items in a modal's. */
const declarationIn = (zone: string, component: string) => declarationOf(component, zone === 'dynZone' ? 'modal' : 'block');

/**
 * Fields by name, wherever they are (a block's declared fields, a link's
 * parts, an entry's own fields). In English a block's field is named first
 * as its declaration labels it for the admin (`presentation.labels`: `cta`
 * → "Button"), so the words are the form's. A test holds this to the
 * declarations: a new field name needs its words here.
 */
export const FIELD_WORDS: Readonly<Record<string, Words>> = {
  // Entries (content contract, "Entities").
  title: w('Title', 'Título'),
  slug: w('Page', 'Página'),
  kind: w('Kind', 'Tipo'),
  summary: w('Summary', 'Resumen'),
  cover: w('Cover image', 'Imagen de portada'),
  date: w('Date', 'Fecha'),
  seo: w('SEO', 'SEO'),
  metaTitle: w('Meta title', 'Meta título'),
  metaDescription: w('Meta description', 'Meta descripción'),
  metaImage: w('Share image', 'Imagen para compartir'),
  noIndex: w('Hide from search engines', 'Ocultar a los buscadores'),
  blocks: w('Blocks', 'Bloques', ['Block', 'Bloque']),
  header: w('Header', 'Encabezado', ['Block', 'Bloque']),
  footer: w('Footer', 'Pie de página', ['Block', 'Bloque']),
  dynZone: w('Items', 'Elementos', ['Item', 'Elemento']),
  modalName: w('Modal name', 'Nombre del modal'),
  text404: w('Title', 'Título'),
  description404: w('Text', 'Texto'),
  btntext: w('Button text', 'Texto del botón'),
  localizations: w('Translations', 'Traducciones'),
  updatedAt: w('Last update', 'Última actualización'),
  locale: w('Language', 'Idioma'),
  code: w('Code', 'Código'),
  countries: w('Countries', 'Países'),
  country: w('Countries', 'Países'),
  // A link's parts (content contract, "Links inside blocks").
  label: w('Label', 'Etiqueta'),
  url: w('URL', 'Enlace'),
  external: w('Opens another site', 'Abre otro sitio'),
  modal: w('Modal', 'Modal'),
  children: w('Sub-links', 'Subenlaces', ['Sub-link', 'Subenlace']),
  value: w('Value', 'Valor'),
  // Declared block and modal-item fields (src/shared/blocks/, src/shared/modal-items/).
  acceptLabel: w('Accept button text', 'Texto del botón Aceptar'),
  action: w('Form address', 'Dirección del formulario'),
  airports: w('Airports', 'Aeropuertos', ['Airport', 'Aeropuerto']),
  autoplay: w('Autoplay', 'Reproducción automática'),
  background: w('Background colour', 'Color de fondo'),
  body: w('Text', 'Texto'),
  caption: w('Caption', 'Pie de foto'),
  captions: w('Captions (.vtt)', 'Subtítulos (.vtt)'),
  category: w('Category', 'Categoría'),
  columns: w('Columns', 'Columnas', ['Column', 'Columna']),
  cta: w('Button', 'Botón'),
  defaultAirport: w('Default airport', 'Aeropuerto predeterminado'),
  defaultResort: w('Default resort', 'Hotel predeterminado'),
  delay: w('Delay', 'Retraso'),
  destination: w('Destination', 'Destino'),
  enddate: w('Show until', 'Mostrar hasta'),
  engineUrl: w('Booking engine URL', 'URL del motor de reservas'),
  expiredText: w('Text when it ends', 'Texto al terminar'),
  features: w('Features', 'Características', ['Feature', 'Característica']),
  fields: w('Fields', 'Campos', ['Field', 'Campo']),
  groupsModal: w('Groups modal', 'Modal de grupos'),
  groupsUrl: w('Groups URL', 'URL de grupos'),
  height: w('Height', 'Altura'),
  images: w('Pictures', 'Imágenes', ['Picture', 'Imagen']),
  items: w('Items', 'Elementos', ['Item', 'Elemento']),
  legal: w('Legal text', 'Texto legal'),
  link: w('Link', 'Enlace'),
  links: w('Links', 'Enlaces', ['Link', 'Enlace']),
  logo: w('Logo', 'Logotipo'),
  loop: w('Loop', 'Repetir'),
  max: w('Maximum', 'Máximo'),
  maxAdults: w('Maximum adults', 'Máximo de adultos'),
  maxChildren: w('Maximum children', 'Máximo de niños'),
  maxRooms: w('Maximum rooms', 'Máximo de habitaciones'),
  media: w('Image or video', 'Imagen o video'),
  min: w('Minimum', 'Mínimo'),
  name: w('Name', 'Nombre'),
  nav: w('Menu', 'Menú', ['Menu link', 'Enlace del menú']),
  network: w('Network', 'Red social'),
  networks: w('Networks', 'Redes sociales', ['Network', 'Red social']),
  number: w('Number', 'Número'),
  numbers: w('Numbers', 'Números', ['Number', 'Número']),
  options: w('Options', 'Opciones', ['Option', 'Opción']),
  pageSize: w('Cards per page', 'Tarjetas por página'),
  pattern: w('Pattern', 'Patrón'),
  phone: w('Phone', 'Teléfono'),
  placeholder: w('Placeholder', 'Texto de ejemplo'),
  policy: w('Policy link', 'Enlace a la política'),
  poster: w('Poster image', 'Imagen de portada del video'),
  promocodes: w('Promo codes', 'Códigos promocionales', ['Promo code', 'Código promocional']),
  rejectLabel: w('Reject button text', 'Texto del botón Rechazar'),
  required: w('Required', 'Obligatorio'),
  resorts: w('Resorts', 'Hoteles', ['Resort', 'Hotel']),
  slides: w('Slides', 'Diapositivas', ['Slide', 'Diapositiva']),
  social: w('Social links', 'Redes sociales', ['Social link', 'Red social']),
  startdate: w('Show from', 'Mostrar desde'),
  submitLabel: w('Submit button text', 'Texto del botón Enviar'),
  subtitle: w('Subtitle', 'Subtítulo'),
  successMessage: w('Success message', 'Mensaje de éxito'),
  text: w('Text', 'Texto'),
};

/** A page's own `slug` is its address; inside a link `slug` is the page linked to. */
const TOP_LEVEL: Partial<Record<Entity, Readonly<Record<string, Words>>>> = {
  page: { slug: w('Slug (address)', 'Slug (dirección)') },
};

/** Zones whose items are blocks or modal items, named by their `__component`. */
const ZONES = new Set(['blocks', 'header', 'footer', 'dynZone']);

/** `metaTitle` → `Meta title`: the words of a field nobody named (never expected: the tables cover the declarations). */
const humanize = (name: string) =>
  name
    .replace(/([a-z])([A-Z0-9])/g, '$1 $2')
    .replace(/[-_]/g, ' ')
    .toLowerCase()
    .replace(/^\w/, (c) => c.toUpperCase());

/** `blocks[2].cta.url` → ['blocks', 2, 'cta', 'url']. */
function steps(field: string): (string | number)[] {
  return [...field.matchAll(/([^.[\]]+)|\[(\d+)\]/g)].map((m) => (m[2] !== undefined ? Number(m[2]) : m[1]!));
}

/**
 * A field path as an editor reads it, in their language:
 * `blocks[2].cta.url` in a `blocks.hero` → "Block 3 (Hero) › Button › URL"
 * (Spanish: "Bloque 3 (Portada) › Botón › Enlace"). `component` names the
 * block the path is in (the issue's); `componentAt` names any other zone
 * item by its position (the entry's own blocks), else the block is named
 * by its number alone.
 */
export function fieldWords(
  field: string,
  language: Language,
  place: { entity: Entity; component?: string; position?: number; componentAt?: (zone: string, position: number) => string | undefined },
): string {
  const parts: string[] = [];
  const path = steps(field);
  let previous: string | null = null;
  // The block the path is in, once its zone item is passed: its declaration labels its own fields.
  let block: string | undefined;
  path.forEach((step, i) => {
    if (typeof step === 'number') {
      const words = previous === null ? undefined : FIELD_WORDS[previous];
      const item = words?.item?.[language] ?? (language === 'es' ? 'Elemento' : 'Item');
      // The zone's own words go when its item follows: "Block 3", not "Blocks › Block 3".
      if (words?.item && parts.length > 0) parts.pop();
      if (previous !== null && ZONES.has(previous) && i === 1) {
        const zone: string = previous;
        const component = step === place.position && place.component ? place.component : place.componentAt?.(zone, step);
        const name = component ? blockName(zone, component, language) : undefined;
        const zonePrefix = zone === 'header' || zone === 'footer' ? `${FIELD_WORDS[zone]![language]} › ` : '';
        parts.push(`${zonePrefix}${item} ${step + 1}${name ? ` (${name})` : ''}`);
        if (component) block = `${zone}\u0000${component}`;
      } else parts.push(`${item} ${step + 1}`);
      return;
    }
    const label = i === 2 && block !== undefined && language === 'en' ? declaredLabel(block, step) : undefined;
    const words = (i === 0 ? TOP_LEVEL[place.entity]?.[step] : undefined) ?? FIELD_WORDS[step];
    parts.push(label ?? (words ? words[language] : humanize(step)));
    previous = step;
  });
  return parts.join(' › ');
}

/** A block's name: the declaration's in English, this file's in Spanish. */
function blockName(zone: string, component: string, language: Language): string | undefined {
  return language === 'es' ? BLOCK_NAMES_ES[component] : declarationIn(zone, component)?.presentation.label;
}

/** How a block's declaration labels one of its fields for the admin, if it does. */
function declaredLabel(block: string, key: string): string | undefined {
  const [zone, component] = block.split('\u0000') as [string, string];
  const labels = declarationIn(zone, component)?.presentation.labels as Readonly<Record<string, string | undefined>> | undefined;
  return labels?.[key];
}
