import { displayUrl } from '../cms/display-url.js';
import { formatSize } from '../cms/format-size.js';
import { describeStrapiError, FAILURES, schemaDriftOf, type FailureDefinition, type HttpErrorInit } from './failures.js';

/**
 * The build failures' messages and hints in Spanish (es-MX), as
 * src/node/content/issues-es.ts gives the content issues theirs: keyed like
 * the catalogue, with the same values, so the compiler refuses an entry
 * without Spanish or with other arguments. The words a failure is raised
 * with (a network error's cause, what was wrong with an answer) come from
 * Node, the CMS or the build, and are kept as they are.
 */
type Catalogue = typeof FAILURES;
type ArgumentsOf<K extends keyof Catalogue> = Catalogue[K] extends FailureDefinition<infer A> ? A : never;

interface Texts<A extends unknown[]> {
  readonly message: (...args: A) => string;
  readonly hint: string | ((...args: NoInfer<A>) => string);
}

const gaveUp = (attempts: number | undefined) => (attempts && attempts > 1 ? ` (se abandonó tras ${attempts} intentos)` : '');

function httpHint(init: HttpErrorInit): string {
  const drift = init.status === 400 && init.strapiError ? schemaDriftOf(init.strapiError) : null;
  if (drift) {
    const expected = drift.field
      ? `el campo "${drift.field}" del componente ${drift.component} (en la zona "${drift.zone}")`
      : drift.component
        ? `el componente ${drift.component} en la zona "${drift.zone}"`
        : `el campo "${drift.path}"`;
    return (
      `El esquema del CMS no coincide con las declaraciones de bloques: la compilación esperaba ${expected}, que el CMS no tiene (se renombró o se quitó). ` +
      'El esquema del CMS se genera a partir de src/shared/blocks/: ejecuta `npm run cms:schema` y reinicia el CMS, o cambia la declaración para que coincida con el CMS.'
    );
  }
  if (init.status === 400) return 'El CMS rechazó la consulta: haz que las listas de populate de src/node/cms/populate.ts coincidan con el esquema del CMS.';
  if (init.status === 401 || init.status === 403) return 'Revisa CMS_TOKEN: debe ser un token de API válido con acceso find/findOne a este tipo de contenido.';
  if (init.status === 404) return 'Revisa CMS_URL y que este tipo de contenido exista en el CMS.';
  if (init.status === 429 || init.status >= 500) return 'El CMS no está disponible o está sobrecargado; inténtalo más tarde.';
  return '';
}

export const FAILURES_ES: { readonly [K in keyof Catalogue]: Texts<ArgumentsOf<K>> } = {
  config: {
    message: (issues) =>
      `Entorno no válido: ${issues.length} ${issues.length === 1 ? 'variable' : 'variables'} por corregir\n` +
      issues
        .map((issue) => `  - ${issue.key}: se esperaba ${issue.expected}` + (issue.received === undefined ? ', pero no está definida' : `; tiene ${issue.received}`))
        .join('\n'),
    hint: 'Defínelas en la terminal o en el entorno de CI (consulta la tabla «Configuration» del contrato de contenido).',
  },
  network: {
    message: (method, url, cause, attempts) => `Falló la solicitud ${method} ${displayUrl(url)}: ${cause}${gaveUp(attempts)}`,
    hint: '',
  },
  timeout: {
    message: (method, url, timeoutMs, attempts) => `Se agotó el tiempo de la solicitud ${method} ${displayUrl(url)} tras ${timeoutMs} ms${gaveUp(attempts)}`,
    hint: '',
  },
  http: {
    message: (init) => {
      const status = `${init.status}${init.statusText ? ` ${init.statusText}` : ''}`;
      const strapi = init.strapiError ? ` Strapi dice: ${describeStrapiError(init.strapiError)}.` : '';
      return `La solicitud respondió con el estado ${status}: ${init.method} ${displayUrl(init.url)}${gaveUp(init.attempts)}.${strapi}`;
    },
    hint: httpHint,
  },
  malformedResponse: {
    message: (url, problem) => `Respuesta del CMS mal formada a GET ${displayUrl(url)}: ${problem}.`,
    hint: 'Comprueba que CMS_URL apunte al propio servidor de Strapi (no a un proxy ni al panel de administración).',
  },
  responseTooLarge: {
    message: (url, maxBytes, what) => `La respuesta del CMS a GET ${displayUrl(url)} supera CMS_MAX_BYTES (${formatSize(maxBytes)}): ${what}.`,
    hint: 'Sube CMS_MAX_BYTES si el contenido de verdad es tan grande, o revisa lo que envía el CMS.',
  },
  redirectRefused: {
    message: (url, location, reason) => `Se rechaza la redirección del CMS de GET ${displayUrl(url)}${location === null ? '' : ` a ${displayUrl(location)}`}: ${reason}.`,
    hint: 'Pon en CMS_URL la dirección en la que responde el propio CMS (esquema, host y puerto).',
  },
  imageTooLarge: {
    message: (width, height, limit) => `${width} × ${height} píxeles, más de los ${limit} que decodifica la compilación`,
    hint: '',
  },
  mediaDownload: {
    message: (failed, total) => `No se pudieron descargar ${failed.length} de ${total} archivos multimedia:\n` + failed.map((message) => `  - ${message}`).join('\n'),
    hint: '',
  },
  unsafeMediaUrl: {
    message: (url, reason) => `Se rechaza la URL de medios ${JSON.stringify(url)}: ${reason}.`,
    hint: 'Corrige el archivo en el CMS (Biblioteca de medios) o el campo que lo usa.',
  },
  cacheRead: {
    message: (file, problem) => `No se puede usar la caché de contenido: ${file} ${problem}.`,
    hint: 'Restaura content-cache/ desde git, o actualízala desde el CMS con npm run content:pull.',
  },
  contentValidation: {
    message: (errors) => `El contenido tiene ${errors} ${errors === 1 ? 'error' : 'errores'}: no se publicó nada, el sitio anterior no cambió.`,
    hint: '',
  },
};
