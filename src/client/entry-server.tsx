import { renderToStaticMarkup, renderToString } from 'react-dom/server';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router-dom/server';
import type { Payload } from '../shared/payload.js';
import type { ServerFormStubs, ServerRender } from '../shared/render-contract.js';
import { modalForms, NetlifyFormStub } from './blocks/form/NetlifyFormStub.js';
import en from '../../locales/en.json';
import es from '../../locales/es.json';
import { createRoutes, ROUTER_FUTURE, withPageLoader } from './app/routes.js';
import { createI18n } from './i18n/i18n.js';
import { loadBlocks, registeredComponents } from './blocks/registry.js';

/**
 * Server entry: the prerender (src/node/build/render.ts) imports the SSR
 * bundle of this file and renders every page with it. The tree is the one the
 * browser hydrates (vite-react-ssg's RouterProvider over the same routes).
 */
createI18n('en', en);
createI18n('es', es);

const handler = createStaticHandler(
  withPageLoader(createRoutes(), ({ context }) => (context as { payload: Payload }).payload),
  { future: ROUTER_FUTURE },
);

/** Every block is loaded once before the first page renders (the server has no first view to keep small). */
const allBlocks = loadBlocks(registeredComponents());

export const render: ServerRender = async (url, payload) => {
  await allBlocks;
  const context = await handler.query(new Request(`http://marea.invalid${url}`), { requestContext: { payload } });
  if (context instanceof Response) throw new Error(`Unexpected redirect while rendering ${url}`);
  const router = createStaticRouter(handler.dataRoutes, context, { future: ROUTER_FUTURE });
  return renderToString(<StaticRouterProvider router={router} context={context} hydrate={false} />);
};

export const renderFormStubs: ServerFormStubs = (modals) =>
  renderToStaticMarkup(
    <>
      {modalForms(modals).map((block) => (
        <NetlifyFormStub key={`${block.component}:${String(block.props.name)}`} block={block} />
      ))}
    </>,
  );
