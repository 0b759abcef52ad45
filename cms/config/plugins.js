'use strict';

module.exports = () => ({
  // Strapi's default breakpoints, written out: the build's srcset comes from these formats.
  upload: { config: { breakpoints: { large: 1000, medium: 750, small: 500 } } },
  // Marea's own plugin (cms/src/plugins/marea/): its parts are in server/parts/.
  marea: { enabled: true, resolve: './src/plugins/marea' },
});
