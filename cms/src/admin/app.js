// Strapi's admin panel: the interface languages editors may choose in their profile (English is always there).
// The Marea plugin's screens (cms/src/plugins/marea/admin/) speak both.
export default {
  config: { locales: ['es'] },
  bootstrap() {},
};
