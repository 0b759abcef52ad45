import { useFetchClient } from '@strapi/strapi/admin';
import * as React from 'react';

/** GETs an admin route of the plugin (/marea/...; none when `path` is null) and keeps its `data`; `reload` fetches it again. */
export function usePluginData(path) {
  const { get } = useFetchClient();
  const [state, setState] = React.useState({ data: null, error: null, loading: true });
  const load = React.useCallback(async () => {
    if (!path) return setState({ data: null, error: null, loading: false });
    try {
      const { data } = await get(path);
      setState({ data: data.data ?? data, error: null, loading: false });
    } catch (error) {
      setState({ data: null, error: error.message ?? String(error), loading: false });
    }
  }, [get, path]);
  React.useEffect(() => {
    load();
  }, [load]);
  return { ...state, reload: load };
}

/** The admin's own link to an entry (the plugin stores the content manager's path). */
export const adminHref = (adminPath) => (adminPath ? `/admin${adminPath}` : null);

/** A page's live address: the site's origin (the report's) and the page's path. */
export const liveHref = (siteUrl, pathname) => (siteUrl ? `${siteUrl.replace(/\/$/, '')}${pathname}` : pathname);
