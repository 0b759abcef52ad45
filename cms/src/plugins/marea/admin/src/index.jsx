import { PaperPlane } from '@strapi/icons';
import { EntryPanel } from './components/EntryPanel.jsx';
import { registerCountries } from './countries/index.js';
import { registerPickerDescriptions } from './picker/index.js';
import en from './translations/en.json';
import es from './translations/es.json';

/**
 * The Marea plugin in Strapi's admin (docs/publishing.md): the Publishing
 * page (a menu link) listing the recent builds, the homepage widget with the
 * latest outcome, and a side panel in each entry's edit view with its own
 * last outcome. Texts in English and Spanish (the admin's interface language).
 * The block picker of a dynamic zone shows each block's one-line description.
 */
const TRANSLATIONS = { en, es };

export default {
  register(app) {
    app.addMenuLink({
      to: 'plugins/marea',
      icon: PaperPlane,
      intlLabel: { id: 'marea.publishing.title', defaultMessage: 'Publishing' },
      Component: () => import('./pages/Publishing.jsx'),
      permissions: [],
      position: 3,
    });
    registerCountries(app);
    app.registerPlugin({ id: 'marea', name: 'Marea' });
    app.widgets?.register({
      id: 'publishing',
      pluginId: 'marea',
      icon: PaperPlane,
      title: { id: 'marea.publishing.title', defaultMessage: 'Publishing' },
      component: async () => (await import('./components/Widget.jsx')).Widget,
    });
  },
  bootstrap(app) {
    app.getPlugin('content-manager').apis.addEditViewSidePanel([EntryPanel]);
    registerPickerDescriptions();
  },
  async registerTrads({ locales }) {
    return locales.map((locale) => ({ locale, data: TRANSLATIONS[locale] ?? TRANSLATIONS[locale.split('-')[0]] ?? {} }));
  },
};
