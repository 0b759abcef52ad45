import { FORM_FIELD_KINDS, SHARE_NETWORKS } from '../../shared/block-values.js';
import { CATALOGUE, type IssueBody, type IssueDefinition } from './issues.js';
import { isRecord } from './values.js';

/**
 * The catalogue's messages and hints in Spanish, for editors whose admin
 * language is Spanish (the publish gate, src/node/cms-gate/). Keyed like
 * the catalogue, with the same values, so the compiler refuses an entry
 * without Spanish or with other arguments. Where the spec gives the English
 * message (§5) it follows in parentheses, so the two can be matched. Words
 * the build formats into its values (a slug's problem, what a field should
 * be) are translated where they are known (`fragment`), else kept.
 */
type Catalogue = typeof CATALOGUE;
type ArgumentsOf<K extends keyof Catalogue> = Catalogue[K] extends IssueDefinition<infer A> ? A : never;

interface Texts<A extends unknown[]> {
  readonly message: (...args: A) => string;
  readonly hint: string | ((...args: NoInfer<A>) => string);
}

/** What was found, as `describe` (values.ts) says it, in Spanish. */
export function describeEs(value: unknown): string {
  if (value === undefined) return 'nada (falta el campo)';
  if (value === null) return 'un valor vacío (null)';
  if (Array.isArray(value)) return `una lista de ${value.length}`;
  if (typeof value === 'string') return `el texto ${JSON.stringify(value.length > 60 ? `${value.slice(0, 57)}...` : value)}`;
  if (isRecord(value)) {
    const keys = Object.keys(value).slice(0, 5);
    return keys.length ? `un objeto con ${keys.join(', ')}` : 'un objeto vacío';
  }
  if (typeof value === 'number') return `el número ${value}`;
  return `el valor ${String(value)}`;
}

/** The phrases the build formats into issue values (src/shared/routes.ts, fields.ts, props.ts), in Spanish. */
const FRAGMENTS: ReadonlyArray<readonly [RegExp, (...groups: string[]) => string]> = [
  [/^is missing$/, () => 'falta'],
  [/^is empty$/, () => 'está vacío'],
  [/^has an empty segment \(leading, trailing or double "\/"\)$/, () => 'tiene un segmento vacío ("/" al principio, al final o doble)'],
  [/^segment "(.*)" has characters outside \[a-z0-9-\]$/, (s) => `tiene en el segmento "${s}" caracteres fuera de [a-z0-9-]`],
  [
    /^has a segment of (\d+) characters \(at most (\d+): it becomes a file name\)$/,
    (n, max) => `tiene un segmento de ${n} caracteres (como máximo ${max}: se vuelve un nombre de archivo)`,
  ],
  [/^has (\d+) characters \(at most (\d+)\)$/, (n, max) => `tiene ${n} caracteres (como máximo ${max})`],
  [/^is Strapi blocks with (\d+) characters of text \(at most (\d+)\)$/, (n, max) => `tiene, en bloques de Strapi, ${n} caracteres de texto (como máximo ${max})`],
  [/^first segment "(.*)" is reserved$/, (s) => `empieza por "${s}", que está reservado`],
  [/^ends with "page\/\{n\}", which is reserved for list pagination$/, () => 'termina en "page/{n}", reservado para la paginación de listas'],
  [/^has a backslash$/, () => 'tiene una barra invertida'],
  [/^has a space or control character$/, () => 'tiene un espacio o un carácter de control'],
  [/^starts with "\/\/", which browsers read as another site$/, () => 'empieza por "//", que los navegadores leen como otro sitio'],
  [/^has a scheme \(an address of another site belongs in the url field\)$/, () => 'tiene un esquema (la dirección de otro sitio va en el campo url)'],
  [/^has the scheme "(.*)"$/, (s) => `tiene el esquema "${s}"`],
  [/^has characters outside \[a-z0-9-\]$/, () => 'tiene caracteres fuera de [a-z0-9-]'],
  [/^is not a valid regular expression$/, () => 'no es una expresión regular válida'],
  [
    /^backtracks (exponentially|with degree (\d+)): an input like (.*) freezes the visitor's browser$/s,
    (how, degree, input) => `retrocede ${degree ? `con grado ${degree}` : 'de forma exponencial'}: un texto como ${input} congela el navegador del visitante`,
  ],
  [/^(.+) to be text$/, (f) => `texto en ${f}`],
  [/^(.+) to be a list$/, (f) => `una lista en ${f}`],
  [/^(.+) to be a component$/, (f) => `un componente en ${f}`],
  [/^true or false$/, () => 'verdadero o falso'],
  [/^an empty text$/, () => 'un texto vacío'],
  [/^the defaults$/, () => 'los valores predeterminados'],
  [/^no links$/, () => 'ningún enlace'],
  [/^nothing$/, () => 'nada'],
  [/^nothing \(the entry is left out\)$/, () => 'nada (la entrada se omite)'],
  [/^treated as no date$/, () => 'se toma como sin fecha'],
  [/^the sitemap gives the page no lastmod$/, () => 'el mapa del sitio no da fecha de modificación a la página'],
  [/^it is ignored$/, () => 'se ignora'],
  [/^the error page$/, () => 'la página de error'],
  [/^the layout$/, () => 'el diseño (Layout)'],
  [/^a promo code$/, () => 'un código promocional'],
  [/^a list item$/, () => 'un elemento de la lista'],
  [/^page (\d+)$/, (n) => `la página ${n}`],
  [/^modal (\d+)$/, (n) => `el modal ${n}`],
  [/^list of (pages|modals) for "(.*)"$/, (what, locale) => `lista de ${what === 'pages' ? 'páginas' : 'modales'} de "${locale}"`],
];

/** A phrase of the build's in Spanish, or as it is when it is not one the build is known to write. */
export function fragment(text: string): string {
  for (const [pattern, spanish] of FRAGMENTS) {
    const match = pattern.exec(text);
    if (match) return spanish(...match.slice(1));
  }
  return text;
}

const quoted = (names: readonly string[]) => names.map((n) => `"${n}"`).join(', ');

/** A value named in a sentence: a text in quotes ("assets/rooms"), anything else as `describeEs` says it. */
const shown = (value: unknown) => (typeof value === 'string' ? JSON.stringify(value.length > 60 ? `${value.slice(0, 57)}...` : value) : describeEs(value));

export const ISSUES_ES: { readonly [K in keyof Catalogue]: Texts<ArgumentsOf<K>> } = {
  componentsNotArray: {
    message: () => 'La zona de bloques no es una lista (Components must be an Array)',
    hint: (found) => `Se encontró ${describeEs(found)}. Asegúrate de que la zona dinámica existe y se rellena (una zona vacía llega como []).`,
  },
  itemsNotArray: {
    message: () => 'La lista de elementos no es una lista (Items must be an Array and contain Country/Countries property)',
    hint: (found) => `Se encontró ${describeEs(found)}. Asegúrate de que la lista repetible existe y se rellena; da a cada elemento una lista de países o ninguna.`,
  },
  promocodesNotArray: {
    message: () => 'Los códigos promocionales no son una lista (promocodes must be an Array)',
    hint: (found) => `Se encontró ${describeEs(found)}. Asegúrate de que la relación de códigos promocionales se rellena (sin ninguno llega como []).`,
  },
  notAList: {
    message: (what, found) => `Se esperaba que la ${fragment(what)} fuera una lista; se encontró ${describeEs(found)}`,
    hint: 'Revisa la respuesta del CMS para este tipo e idioma y vuelve a leer el contenido.',
  },
  schemaDrift: {
    message: (component, missing, unknown) => `El ${component} del CMS no tiene ${quoted(missing)}, que la web espera, y envía ${quoted(unknown)}, que la web no conoce`,
    hint: 'El esquema del CMS se genera de las declaraciones de bloques: ejecuta `npm run cms:schema` y reinicia el CMS, o cambia la declaración para que coincida con el CMS.',
  },
  unknownLinkTarget: {
    message: (slug) => `El enlace a "${slug}" no corresponde a ninguna página en este idioma; lleva a la página 404`,
    hint: 'Publica la página en este idioma, apunta el enlace a otra página o quítalo.',
  },
  unknownModal: {
    message: (name) => `El enlace abre el modal "${name}", que no existe en este idioma; no abre nada`,
    hint: 'Publica un modal con ese nombre en este idioma, apunta el enlace a otro modal o quítalo.',
  },
  otherLocaleLink: {
    message: (href, language) =>
      `El enlace a "${href}" lleva al sitio en ${language === 'English' ? 'inglés' : language === 'Spanish' ? 'español' : language}, no a una página en el idioma de esta página`,
    hint: (_href, _language, suggestion) =>
      suggestion
        ? `Enlaza a "${suggestion}": es la página en el idioma de esta página.`
        : 'Empieza la ruta con el prefijo de este idioma (páginas en español: /es/…), o enlaza una página publicada en este idioma.',
  },
  unknownComponent: {
    message: (component, zone, strict) =>
      `Componente desconocido "${component}" en ${zone}: la web no tiene ${zone === 'dynZone' ? 'modal' : 'bloque'} para él${strict ? '' : ', así que se omitió'}`,
    hint: 'Quita el bloque en el CMS, o declara el componente (src/shared/blocks/catalogue.ts) y dale una carpeta de componente.',
  },
  invalidBlock: {
    message: (found) => `Se esperaba un bloque con "__component"; se encontró ${describeEs(found)}`,
    hint: 'Vuelve a guardar la entrada en el CMS; el elemento de la zona dinámica está mal formado.',
  },
  unsafeLink: {
    message: (protocol, url) => `Se quitó una URL insegura con el protocolo '${protocol}': ${shown(url)}`,
    hint: 'Usa una URL http(s), mailto: o tel:, una ruta del sitio o el slug de una página.',
  },
  unsafeLinkSlug: {
    message: (slug, problem) => `El slug del enlace ${shown(slug)} ${fragment(problem)}; se quitó el enlace`,
    hint: 'Elige la página en el campo slug del enlace (segmentos en minúsculas como rooms/deluxe), o pon la dirección de otro sitio en el campo url.',
  },
  unsupportedUrl: {
    message: (url, problem) => `La URL del enlace ${shown(url)} ${fragment(problem)}; se quitó el enlace`,
    hint: 'Usa una URL http(s), mailto: o tel:, una ruta del sitio o el slug de una página.',
  },
  incompleteLink: {
    message: (found) => `Se esperaba un enlace con slug, url o modal; se encontró ${describeEs(found)}; se omitió`,
    hint: 'Rellena el destino del enlace en el CMS o quita el enlace.',
  },
  unknownPlaceholder: {
    message: (names) =>
      `engineUrl tiene ${names.length > 1 ? 'marcadores desconocidos' : 'un marcador desconocido'} ${names.map((n) => `{${n}}`).join(', ')}; se omiten de la URL de reserva`,
    hint: (_names, allowed) => `Usa solo ${allowed.map((n) => `{${n}}`).join(', ')}.`,
  },
  invalidSlug: {
    message: (slug, problem) => `El slug ${shown(slug)} ${fragment(problem)}; la página no se publicó`,
    hint: 'Usa segmentos en minúsculas de [a-z0-9-] unidos por "/", sin "/" al principio ni al final, y evita los reservados es, builds, assets, 404 y page/{n}.',
  },
  duplicatePath: {
    message: (path, first) => `Otra página (${first}) ya tiene la ruta ${path}; esta no se publicó`,
    hint: 'Da a una de las dos páginas otro slug en este idioma.',
  },
  unknownPageKind: {
    message: (kind) => `Tipo de página desconocido ${shown(kind)}; la página se trata como "page"`,
    hint: 'Usa uno de page, room, service, destination, post.',
  },
  ambiguousTranslation: {
    message: (path, other) => `Dos páginas de un mismo idioma están enlazadas como traducciones de la misma página: ${other} y ${path}`,
    hint: 'Enlaza cada página con una sola página por idioma en el CMS.',
  },
  invalidEntry: {
    message: (what, found) => `Se esperaba que ${fragment(what)} fuera un objeto; se encontró ${describeEs(found)}`,
    hint: 'Revisa la respuesta del CMS; la entrada no se pudo leer y se omitió.',
  },
  invalidField: {
    message: (expected, found, fallback) => `Se esperaba ${fragment(expected)}; se encontró ${describeEs(found)}; se usa ${fragment(fallback)}`,
    hint: 'Rellena el campo en el CMS.',
  },
  localeMismatch: {
    message: (expected, found) => `La entrada tiene el idioma del CMS "${found}" en la lista leída para "${expected}"`,
    hint: 'Revisa CMS_LOCALES y que la lectura envía el parámetro locale.',
  },
  invalidDate: {
    message: (found, instead = 'treated as no date') => `Se esperaba una fecha ISO (aaaa-MM-dd o ISO completa); se encontró ${describeEs(found)}; ${fragment(instead)}`,
    hint: 'Vuelve a elegir la fecha en el selector de fechas del CMS.',
  },
  invalidCountry: {
    message: (found) => `Se esperaban códigos de país ISO 3166 alfa-3; se encontró ${describeEs(found)}; se omitió de la lista`,
    hint: 'Usa códigos de tres letras como MEX, USA, CAN.',
  },
  contentTooDeep: {
    message: (max, where) => `La entrada anida más de ${max} niveles (en ${where}); se omitió`,
    hint: 'Revisa la respuesta del CMS para esta entrada (un populate en bucle, o una relación que se contiene a sí misma).',
  },
  invalidMedia: {
    message: (found) => `Se esperaba un archivo multimedia con url; se encontró ${describeEs(found)}; se toma como sin archivo`,
    hint: 'Vuelve a elegir el archivo en la biblioteca de medios; comprueba que la lectura rellena este campo.',
  },
  invalidRichText: {
    message: (found) => `Se esperaba texto enriquecido (HTML, Markdown o bloques de Strapi); se encontró ${describeEs(found)}; se muestra vacío`,
    hint: 'Vuelve a escribir el texto en el editor del CMS.',
  },
  richTextTooLarge: {
    message: (problem) => `El texto enriquecido ${fragment(problem)}; no se mostró`,
    hint: 'Revisa lo que se pegó en el campo: reparte un texto muy largo en varios bloques, o pégalo como HTML.',
  },
  invalidModalLink: {
    message: (href) => `El enlace ${shown(href)} del texto enriquecido no nombra un modal legible; se quitó su href`,
    hint: 'Vuelve a crear el enlace con el nombre del modal (#modal=deluxe-suite); escribe el signo de porcentaje como %25.',
  },
  markupInPlainText: {
    message: () => 'Se encontraron etiquetas HTML en un campo de texto simple; se quitaron',
    hint: 'Escribe texto simple aquí; el formato va en los campos de texto enriquecido (body, text, description, legal).',
  },
  invalidList: {
    message: (prop, found) => `Se esperaba que ${prop} fuera una lista; se encontró ${describeEs(found)}; se lee como una lista vacía`,
    hint: (prop, _found) => `Rellena ${prop} como una lista repetible en el CMS (revisa el esquema del componente y que la lectura lo rellena).`,
  },
  incompleteItem: {
    message: (item, missing, ...found) => `${item} no tiene ${missing}${found.length ? ` (se encontró ${describeEs(found[0])})` : ''}; se omite`,
    hint: (_item, missing, ..._found) => `Rellena ${missing} en el CMS, o quita el elemento.`,
  },
  invalidFieldKind: {
    message: (found) => `Tipo de campo de formulario desconocido ${shown(found)}; se muestra como campo de texto`,
    hint: `Usa uno de ${FORM_FIELD_KINDS.join(', ')}.`,
  },
  missingFormName: {
    message: (found) => `El formulario no tiene nombre (se encontró ${describeEs(found)}); sus envíos se guardan como "form", junto con los de todos los formularios sin nombre`,
    hint: 'Da al formulario un nombre propio en el CMS.',
  },
  unsafeFormPattern: {
    message: (form, field, pattern, problem) => `Formulario "${form}", campo "${field}": el patrón ${shown(pattern)} ${fragment(problem)}`,
    hint: 'Simplifica el patrón: sin repeticiones anidadas o solapadas como (a+)+ o (a|a)*; o quítalo.',
  },
  uncheckedFormPattern: {
    message: (form, field, pattern, reason) =>
      `Formulario "${form}", campo "${field}": no se pudo comprobar si el patrón ${shown(pattern)} retrocede de forma catastrófica (${reason})`,
    hint: 'Prefiere un patrón corto (una clase de caracteres con longitud, como [0-9]{5}); pruébalo con un texto largo en el navegador.',
  },
  duplicateFieldName: {
    message: (name, first) => `El nombre de campo "${name}" ya lo usa fields[${first}] de este formulario; este campo se omite`,
    hint: 'Da a cada campo de un formulario su propio nombre.',
  },
  missingOptions: {
    message: (kind) => `Un campo ${kind} no tiene opciones utilizables; se muestra sin nada que elegir`,
    hint: 'Añade opciones (texto, o etiqueta y valor) al campo en el CMS, o cambia su tipo.',
  },
  invalidChoice: {
    message: (prop, found, allowed, instead) => `Se esperaba que ${prop} fuera uno de ${allowed.join(', ')}; se encontró ${describeEs(found)}; ${fragment(instead)}`,
    hint: 'Elige uno de esos valores en el CMS; distinguen mayúsculas y minúsculas.',
  },
  invalidNumber: {
    message: (prop, expected, found, instead) => `Se esperaba que ${prop} fuera ${expected}; se encontró ${describeEs(found)}; ${fragment(instead)}`,
    hint: (prop, expected, _found, _instead) => `Escribe ${expected} en el CMS, o deja ${prop} vacío para el valor predeterminado.`,
  },
  invalidColour: {
    message: (found) => `Se esperaba un color opaco (#rgb, #rrggbb o rgb()); se encontró ${describeEs(found)}; el aviso mantiene sus colores predeterminados`,
    hint: 'Elige un color sólido como #0e6f80 o rgb(14 111 128); no se usan colores transparentes, nombres ni imágenes.',
  },
  unknownShareNetwork: {
    message: (found) => `Red para compartir desconocida ${shown(found)}; se omite`,
    hint: `Usa solo ${SHARE_NETWORKS.join(', ')}.`,
  },
  noImages: {
    message: (videos) => `La galería no tiene imágenes${videos ? ` (solo ${videos} video${videos > 1 ? 's' : ''}, que una galería no muestra)` : ''}; no se muestra`,
    hint: 'Añade imágenes a la galería en el CMS, o quita el bloque.',
  },
  missingLayout: {
    message: () => 'No hay Layout en este idioma: las páginas no tienen encabezado ni pie de página',
    hint: 'Crea y publica el tipo único Layout en este idioma.',
  },
  missingErrorPage: {
    message: () => 'No hay contenido de la página de error en este idioma: la página 404 usa los textos predeterminados',
    hint: 'Crea y publica el tipo único Error page en este idioma.',
  },
  incompleteErrorLink: {
    message: (missing) => `Un enlace de la página de error no tiene ${missing === 'slug' ? 'página (slug)' : 'texto del botón (btntext)'}; no se muestra (regla 27)`,
    hint: 'Da al enlace una página (slug) y un texto de botón, o quítalo.',
  },
  missingModalName: {
    message: () => 'El modal no tiene modalName; ningún botón puede abrirlo',
    hint: 'Da al modal un modalName único en el CMS.',
  },
  duplicateModalName: {
    message: (name) => `Otro modal de este idioma ya se llama "${name}"`,
    hint: 'Los nombres de los modales deben ser únicos en cada idioma; cambia el de uno de ellos.',
  },
  promoCodeWithoutCode: {
    message: (found) => `El código promocional no tiene código (se encontró ${describeEs(found)})`,
    hint: 'Rellena el código o borra la entrada del código promocional.',
  },
  mediaMissing: {
    message: (url, file) => `El contenido usa el archivo ${url}, pero no se pudo leer (${file})`,
    hint: 'Vuelve a leer el contenido (npm run content:pull) o restaura el archivo en content-cache/uploads/.',
  },
  imageUndecodable: {
    message: (url, reason) => `La imagen ${url} no se puede decodificar para hacer sus versiones AVIF y WebP (${reason})`,
    hint: 'Vuelve a subir la imagen en el CMS (expórtala de nuevo desde el original) y vuelve a publicar.',
  },
  imageTooLarge: {
    message: (url, width, height, limit) => `La imagen ${url} mide ${width} × ${height} píxeles, más de los ${limit} píxeles que se procesan al generar el sitio; no se publicó`,
    hint: 'Sube en el CMS una versión más pequeña de la imagen (una imagen para compartir necesita 1200 píxeles de ancho, un hero 2400) y vuelve a publicar.',
  },
  mediaRefused: {
    message: (url, reason, usedBy) => `El archivo ${url}${usedBy ? ` (usado por ${usedBy})` : ''} se rechaza: ${reason}`,
    hint: 'Sustituye el archivo en el CMS (Biblioteca de medios) por un JPEG, PNG, WebP, AVIF, GIF, SVG, MP4 o WebM (subtítulos: un archivo WebVTT .vtt), o quítalo de los campos que lo usan, y vuelve a publicar.',
  },
  videoWithoutCaptions: {
    message: (url, how) => `El video ${url} no tiene subtítulos, y ${how}`,
    hint: 'Sube un archivo de subtítulos WebVTT (.vtt) en el idioma de esta entrada al campo de subtítulos del bloque; un video que no necesita sonido puede exportarse de nuevo sin pista de audio.',
  },
};

const BY_CODE = new Map<string, Texts<unknown[]>>(
  Object.entries(CATALOGUE).map(([key, definition]) => [definition.code, ISSUES_ES[key as keyof Catalogue] as unknown as Texts<unknown[]>]),
);

/** An issue's message and hint in Spanish, from the values it was raised from; null for a code the catalogue does not have. */
export function spanishIssue(code: string, args: readonly unknown[]): Pick<IssueBody, 'message' | 'hint'> | null {
  const texts = BY_CODE.get(code);
  if (!texts) return null;
  return { message: texts.message(...args), hint: typeof texts.hint === 'string' ? texts.hint : texts.hint(...args) };
}
