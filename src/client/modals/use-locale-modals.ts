import { useEffect, useMemo, useState } from 'react';
import type { Modal } from '../../shared/model.js';
import { modalsUrl } from '../../shared/routes.js';
import { fromWire } from '../../shared/wire.js';
import { usePage } from '../page/page-context.js';
import { usePageData } from '../page/page-data-context.js';
import { findModal, modalRef } from './modal-hash.js';

interface Fetched {
  url: string;
  modals: Modal[] | null;
}

/**
 * The modals a hash can open: the page's own (its payload carries those its
 * links open), plus — only when the hash names one the page does not have,
 * e.g. a shared `#modal=name` URL opened on another page — the locale's full
 * list, `_modals.json` of the same build (no CMS call at run time). A failed
 * load leaves the page's list: the runtime then says the modal is unknown.
 */
export function useLocaleModals(hash: string): { modals: Modal[]; pending: boolean } {
  const own = usePageData().modals;
  const { locale, release } = usePage();
  const ref = modalRef(hash);
  const missing = ref !== null && findModal(own, ref) === null;
  const url = modalsUrl(locale, release);
  const [fetched, setFetched] = useState<Fetched | null>(null);
  const done = fetched?.url === url;

  useEffect(() => {
    if (!missing || done) return;
    let current = true;
    fetch(url)
      .then((response) => (response.ok ? response.json().then(fromWire) : Promise.reject(new Error(`HTTP ${response.status}`))))
      .then(
        (list: unknown) => current && setFetched({ url, modals: Array.isArray(list) ? (list as Modal[]) : [] }),
        (error: unknown) => {
          console.warn(`[marea] could not load the modals of this site (${url}): ${String(error)}`);
          if (current) setFetched({ url, modals: null });
        },
      );
    return () => {
      current = false;
    };
  }, [missing, done, url]);

  const modals = useMemo(() => {
    const extra = done ? (fetched?.modals ?? []) : [];
    return [...own, ...extra.filter((m) => !own.some((o) => o.name === m.name))];
  }, [own, done, fetched]);
  return { modals, pending: missing && !done };
}
