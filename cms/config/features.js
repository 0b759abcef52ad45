'use strict';

// Strapi's feature flags, read when the admin panel is built (cms/build/, see
// src/node/cms-server/admin-build.ts). The legacy Media Library stays on
// because its list (row menu and bulk delete) shows the server's message:
// the media guard's refusal naming the published pages that use a file
// (docs/cms.md). Strapi 5.54's new list shows only "An error
// occurred while deleting the items." there.
module.exports = {
  useLegacyMediaLibrary: true,
};
