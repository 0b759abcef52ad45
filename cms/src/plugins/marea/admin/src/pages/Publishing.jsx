import { Alert, Box, Button, Flex, Link, Loader, Typography } from '@strapi/design-system';
import { Layouts, Page, useFetchClient, useRBAC } from '@strapi/strapi/admin';
import * as React from 'react';
import { usePluginData } from '../api.js';
import { Edits, HeldBack, Issues, Pages, ResultBadge, useOutcomeLine, useText, When } from '../components/Outcome.jsx';
import { Stale } from '../components/Stale.jsx';

/** One build: when, its result, the edits it carried, its pages, what it held back and every error and warning. */
function Report({ report }) {
  const t = useText();
  const outcome = useOutcomeLine();
  const id = `marea-report-${report.id}`;
  return (
    <Box tag="article" aria-labelledby={id} background="neutral0" hasRadius shadow="tableShadow" padding={6} marginBottom={4}>
      <Flex gap={3} wrap="wrap" alignItems="center">
        <ResultBadge report={report} />
        <Typography id={id} variant="beta" tag="h3">
          {outcome(report)}
        </Typography>
      </Flex>
      <Typography textColor="neutral600" tag="p">
        <When at={report.finishedAt} /> · {t(`source.${report.source}`)}
        {report.buildId ? ` · ${t('report.build', { build: report.buildId })}` : ''}
      </Typography>
      {report.error ? (
        <Typography tag="p" textColor="danger700" style={{ overflowWrap: 'anywhere' }}>
          {t('report.error', { error: report.error })}
        </Typography>
      ) : null}
      {report.result === 'failed' ? <Typography tag="p">{t('report.unchanged')}</Typography> : null}
      <Flex direction="column" alignItems="stretch" gap={4} paddingTop={4}>
        <Edits edits={report.edits} />
        <Pages report={report} />
        <HeldBack report={report} />
        <Issues issues={report.issues} />
      </Flex>
    </Box>
  );
}

/**
 * Putting an earlier build back live. Where the webhook service builds, its
 * kept builds, each with a button (the plugin asks the service); on Netlify,
 * a link to the site's deploys, where an earlier one is published again.
 */
const ROLLBACK_PERMISSION = [{ action: 'plugin::marea.rollback', subject: null }];

function Rollback({ reports }) {
  const t = useText();
  const { post } = useFetchClient();
  const latest = reports.find((report) => report.rollback);
  const webhook = latest?.rollback?.kind === 'webhook';
  const builds = usePluginData(webhook ? '/marea/builds' : null);
  const [message, setMessage] = React.useState(null);
  // The server refuses without it too (reports.js, ROLLBACK_ACTION); here the buttons are not offered.
  const { allowedActions } = useRBAC(ROLLBACK_PERMISSION);
  if (!latest) return null;
  if (!webhook)
    return (
      <Box paddingBottom={6}>
        <Link href={latest.rollback.url} isExternal>
          {t('rollback.netlify')}
        </Link>
      </Box>
    );
  const kept = builds.data?.builds ?? [];
  const rollBack = async (build) => {
    if (!window.confirm(t('rollback.confirm', { build: build.id }))) return;
    try {
      await post('/marea/rollback', { buildId: build.id });
      setMessage({ variant: 'success', text: t('rollback.done', { build: build.id }) });
    } catch (error) {
      setMessage({ variant: 'danger', text: t('rollback.failed', { error: error.message }) });
    }
    builds.reload();
  };
  return (
    <Box tag="section" aria-labelledby="marea-rollback" paddingBottom={6}>
      <Typography id="marea-rollback" variant="beta" tag="h2">
        {t('rollback.title')}
      </Typography>
      <Typography tag="p" textColor="neutral600">
        {t(allowedActions.canRollback ? 'rollback.help' : 'rollback.notAllowed')}
      </Typography>
      {message ? (
        <Alert variant={message.variant} closeLabel={t('close')} onClose={() => setMessage(null)} title="">
          {message.text}
        </Alert>
      ) : null}
      {builds.error ? (
        <Typography tag="p" textColor="danger700">
          {t('rollback.unavailable', { error: builds.error })}
        </Typography>
      ) : null}
      <ul>
        {kept.slice(0, 10).map((build) => (
          <li key={build.id}>
            <Flex gap={3} paddingTop={2} alignItems="center">
              <Typography>
                {build.id} · <When at={build.builtAt} />
              </Typography>
              {build.live ? (
                <Typography fontWeight="semiBold">{t('rollback.live')}</Typography>
              ) : !allowedActions.canRollback ? null : (
                <Button variant="secondary" size="S" onClick={() => rollBack(build)} aria-label={t('rollback.button.label', { build: build.id })}>
                  {t('rollback.button')}
                </Button>
              )}
            </Flex>
          </li>
        ))}
      </ul>
    </Box>
  );
}

export default function Publishing() {
  const t = useText();
  const reports = usePluginData('/marea/reports?limit=20');
  const latest = usePluginData('/marea/reports/latest');
  return (
    <Page.Main>
      <Page.Title>{t('publishing.title')}</Page.Title>
      <Layouts.Header title={t('publishing.title')} subtitle={t('publishing.subtitle')} />
      <Layouts.Content>
        {latest.data?.stale ? <Stale stale={latest.data.stale} /> : null}
        {reports.loading ? <Loader>{t('loading')}</Loader> : null}
        {reports.error ? <Typography textColor="danger700">{reports.error}</Typography> : null}
        {reports.data ? (
          <>
            <Rollback reports={reports.data} />
            <Box tag="section" aria-labelledby="marea-builds">
              <Typography id="marea-builds" variant="beta" tag="h2">
                {t('publishing.builds')}
              </Typography>
              {reports.data.length === 0 ? <Typography tag="p">{t('publishing.none')}</Typography> : null}
              <Box paddingTop={4}>
                {reports.data.map((report) => (
                  <Report key={report.id} report={report} />
                ))}
              </Box>
            </Box>
          </>
        ) : null}
      </Layouts.Content>
    </Page.Main>
  );
}
