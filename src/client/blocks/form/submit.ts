/** Netlify Forms accept an AJAX post of the url-encoded fields (with `form-name`) to any path of the site. */
export const NETLIFY_ENDPOINT = '/';

/** The name of the spam trap field (`netlify-honeypot`): people never see it, bots fill it. */
export const HONEYPOT = 'bot-field';

/** A form's fields as `application/x-www-form-urlencoded`, repeated names kept (checkbox groups). */
function encode(data: FormData): string {
  const params = new URLSearchParams();
  for (const [name, value] of data) if (typeof value === 'string') params.append(name, value);
  return params.toString();
}

/**
 * Posts the form as a browser without JavaScript would (same body, same
 * endpoint), so the static form and the enhanced one reach the same handler.
 * True when the endpoint answered 2xx (after redirects, e.g. a 303 to a thank-
 * you page); false on any other status or a network/CORS failure. An `action`
 * endpoint on another origin must answer with `Access-Control-Allow-Origin`
 * (a url-encoded POST is a simple request: no preflight).
 */
export async function send(endpoint: string, data: FormData): Promise<boolean> {
  try {
    const response = await fetch(endpoint, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: encode(data),
    });
    return response.ok;
  } catch (error) {
    console.warn(`Form submission to ${endpoint} failed:`, error);
    return false;
  }
}

/** A filled trap means a bot: the form pretends it was sent and sends nothing. */
export const isSpam = (data: FormData): boolean => {
  const trap = data.get(HONEYPOT);
  return typeof trap === 'string' && trap.trim() !== '';
};
