import type { ReactElement } from 'react';
import { act } from 'react';
import { createRoot } from 'react-dom/client';
import { renderToStaticMarkup } from 'react-dom/server';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter } from 'react-router-dom';
import type { Locale } from '../../src/shared/model.js';
import en from '../../locales/en.json';
import es from '../../locales/es.json';
import { PageContext, type PageContextValue } from '../../src/client/page/page-context.js';
import { PageDataContext } from '../../src/client/page/page-data-context.js';
import { EMPTY_PAGE_DATA, type PageData } from '../../src/shared/page-data.js';
import { createI18n } from '../../src/client/i18n/i18n.js';

createI18n('en', en);
const esI18n = createI18n('es', es);
const enI18n = createI18n('en', en);

export interface RenderOptions {
  locale?: Locale;
  url?: string;
  page?: Partial<PageContextValue>;
  /** Build-time data the blocks read (lists, pagination, site map, modals, resorts). */
  data?: Partial<PageData>;
}

/** The providers a block finds on a page: router, i18n, page context and page data. */
export function withProviders(element: ReactElement, options: RenderOptions = {}): ReactElement {
  const locale = options.locale ?? 'en';
  const page = {
    locale,
    path: '/',
    alternates: {},
    release: 'test',
    canonical: 'https://marea.example/',
    title: 'Marea',
    country: 'USA',
    now: new Date('2026-06-15T12:00:00Z'),
    ...options.page,
  } as PageContextValue;
  return (
    <MemoryRouter initialEntries={[options.url ?? page.path]} future={{ v7_startTransition: true, v7_relativeSplatPath: true }}>
      <I18nextProvider i18n={{ en: enI18n, es: esI18n }[locale]}>
        <PageContext.Provider value={page}>
          <PageDataContext.Provider value={{ ...EMPTY_PAGE_DATA, ...options.data }}>{element}</PageDataContext.Provider>
        </PageContext.Provider>
      </I18nextProvider>
    </MemoryRouter>
  );
}

/** Server markup of a block, as the prerender would produce it. */
export function renderStatic(element: ReactElement, options: RenderOptions = {}): string {
  return renderToStaticMarkup(withProviders(element, options));
}

/** Mounts into the happy-dom document for interaction tests. */
export async function mount(element: ReactElement, options: RenderOptions = {}): Promise<HTMLElement> {
  const container = document.createElement('div');
  document.body.appendChild(container);
  await act(async () => createRoot(container).render(withProviders(element, options)));
  return container;
}
