import { Box, Typography } from '@strapi/design-system';
import * as React from 'react';
import { usePluginData } from '../api.js';
import { Issues, useOutcomeLine, useText, When } from './Outcome.jsx';

/** How often the panel asks again while a publish of the entry waits for its build. */
const PENDING_POLL_MS = 3000;

/**
 * The entry's own last outcome: what the checks found when it was last
 * published, and its last build's words about it. Asked again when the
 * entry is published or saved (`version` changes: the content manager
 * reloads the document), then every few seconds while that publish waits for
 * its build (`pending`, a quarter of an hour at most), so the editor sees the
 * outcome without reopening the entry.
 */
function EntryOutcome({ model, documentId, locale, version }) {
  const t = useText();
  const outcome = useOutcomeLine();
  const query = new URLSearchParams({ uid: model, documentId, locale: locale ?? '' });
  const { data, loading, error, reload } = usePluginData(`/marea/reports/entry?${query}`);
  const shown = React.useRef(version);
  React.useEffect(() => {
    if (shown.current === version) return;
    shown.current = version;
    reload();
  }, [version, reload]);
  const pending = Boolean(data?.pending);
  React.useEffect(() => {
    if (!pending) return undefined;
    const timer = setTimeout(reload, PENDING_POLL_MS);
    return () => clearTimeout(timer);
  }, [pending, data, reload]);
  if (loading) return <Typography textColor="neutral600">{t('loading')}</Typography>;
  if (error) return <Typography textColor="danger700">{error}</Typography>;
  const check = data?.check;
  const report = data?.report;
  if (!check && !report && !pending) return <Typography>{t('entry.none')}</Typography>;
  const checkIssues = check ? [...(check.errors ?? []), ...(check.warnings ?? [])] : [];
  return (
    <Box width="100%">
      {check ? (
        <Box paddingBottom={3}>
          <Typography variant="sigma" tag="h3">
            {t('entry.check', { action: t(`action.${check.action}`) })}
          </Typography>
          <Typography tag="p" textColor="neutral600">
            <When at={check.at} />
          </Typography>
          {checkIssues.length ? <Issues issues={checkIssues} heading={false} links={false} /> : <Typography tag="p">{t('entry.clean')}</Typography>}
        </Box>
      ) : null}
      {pending ? (
        <Typography tag="p" textColor="neutral600" role="status">
          {t('entry.pending')}
        </Typography>
      ) : null}
      {report ? (
        <Box>
          <Typography variant="sigma" tag="h3">
            {t('entry.build')}
          </Typography>
          <Typography tag="p">{outcome(report)}</Typography>
          <Typography tag="p" textColor="neutral600">
            <When at={report.finishedAt} />
          </Typography>
          {report.error ? (
            <Typography tag="p" textColor="danger700" style={{ overflowWrap: 'anywhere' }}>
              {report.error}
            </Typography>
          ) : null}
          <Issues issues={report.issues} heading={false} links={false} />
        </Box>
      ) : null}
    </Box>
  );
}

/** The edit view's side panel (content manager API): hooks are allowed, it renders as a component. */
export function EntryPanel({ model, documentId, document, meta }) {
  const t = useText();
  if (!documentId || !model.startsWith('api::')) return null;
  // What changes when the entry is published (its published version's time) or saved.
  const version = [document?.status, document?.updatedAt, ...(meta?.availableStatus ?? []).map((other) => other.publishedAt)].join('|');
  return { title: t('entry.title'), content: <EntryOutcome model={model} documentId={documentId} locale={document?.locale} version={version} /> };
}
