import { Box, Typography } from '@strapi/design-system';
import { usePluginData } from '../api.js';
import { Issues, useOutcomeLine, useText, When } from './Outcome.jsx';

/** The entry's own last outcome: what the checks found when it was last published, and its last build's words about it. */
function EntryOutcome({ model, documentId, locale }) {
  const t = useText();
  const outcome = useOutcomeLine();
  const query = new URLSearchParams({ uid: model, documentId, locale: locale ?? '' });
  const { data, loading, error } = usePluginData(`/marea/reports/entry?${query}`);
  if (loading) return <Typography textColor="neutral600">{t('loading')}</Typography>;
  if (error) return <Typography textColor="danger700">{error}</Typography>;
  const check = data?.check;
  const report = data?.report;
  if (!check && !report) return <Typography>{t('entry.none')}</Typography>;
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
export function EntryPanel({ model, documentId, document }) {
  const t = useText();
  if (!documentId || !model.startsWith('api::')) return null;
  return { title: t('entry.title'), content: <EntryOutcome model={model} documentId={documentId} locale={document?.locale} /> };
}
