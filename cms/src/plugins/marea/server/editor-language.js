'use strict';

/**
 * The language the plugin answers an editor in: Spanish when the admin user
 * making the request chose Spanish as their admin language
 * (`preferedLanguage`, Strapi's spelling), English otherwise, including
 * requests without an admin user (API tokens, scripts).
 */
function editorLanguage(strapi) {
  const user = strapi.requestContext.get()?.state?.user;
  return typeof user?.preferedLanguage === 'string' && user.preferedLanguage.startsWith('es') ? 'es' : 'en';
}

/** Who is making the request, as the admin shows a person: their name, or their email. */
function editorName(strapi) {
  const user = strapi.requestContext.get()?.state?.user;
  if (!user) return undefined;
  const name = [user.firstname, user.lastname].filter(Boolean).join(' ');
  return name || user.username || user.email || undefined;
}

module.exports = { editorLanguage, editorName };
