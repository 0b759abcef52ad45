import type { ReactNode } from 'react';
import { useTranslation } from '../i18n/use-translation.js';
import type { Layout } from '../../shared/model.js';
import { useLateRuntime } from '../runtime/late-runtime.js';
import { BlockList } from './BlockList.js';

/** The default layout (spec §2): header zone, main content, footer zone, and the modals their links open. */
export function DefaultLayout({ layout, children }: { layout: Layout | null; children: ReactNode }) {
  const { t } = useTranslation();
  // The modal host (nothing in the static HTML) comes with the runtime that loads after hydration.
  const late = useLateRuntime();
  return (
    <>
      <a className="skip-link" href="#main">
        {t('site.skipToContent')}
      </a>
      {layout && (
        <div className="layout-header">
          <BlockList blocks={layout.header} zone="header" />
        </div>
      )}
      <main id="main" tabIndex={-1}>
        {children}
      </main>
      {layout && <BlockList blocks={layout.footer} zone="footer" />}
      {late && <late.ModalHost />}
    </>
  );
}
