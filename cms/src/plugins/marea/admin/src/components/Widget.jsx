import { Box, Flex, Link, Loader, Typography } from '@strapi/design-system';
import { usePluginData } from '../api.js';
import { ResultBadge, useOutcomeLine, useText, When } from './Outcome.jsx';
import { Stale } from './Stale.jsx';

/** The homepage widget: the latest build's outcome, its errors and warnings counted, and a publish no build followed. */
export function Widget() {
  const t = useText();
  const outcome = useOutcomeLine();
  const { data, loading, error } = usePluginData('/marea/reports/latest');
  if (loading) return <Loader small>{t('loading')}</Loader>;
  if (error) return <Typography textColor="danger700">{error}</Typography>;
  const report = data?.report;
  const errors = report?.issues?.filter((issue) => issue.severity === 'error').length ?? 0;
  const warnings = report?.issues?.filter((issue) => issue.severity === 'warning').length ?? 0;
  return (
    <Flex direction="column" alignItems="stretch" gap={3}>
      {data?.stale ? <Stale stale={data.stale} /> : null}
      {report ? (
        <Box>
          <Flex gap={2} alignItems="center" wrap="wrap">
            <ResultBadge report={report} />
            <Typography fontWeight="semiBold">{outcome(report)}</Typography>
          </Flex>
          <Typography tag="p" textColor="neutral600">
            <When at={report.finishedAt} />
          </Typography>
          {report.edits?.length ? (
            <Typography tag="p">{t('widget.edits', { count: report.edits.length, editor: report.edits[0].editor || t('edits.someone'), title: report.edits[0].title })}</Typography>
          ) : null}
          <Typography tag="p">{t('widget.issues', { errors, warnings })}</Typography>
        </Box>
      ) : (
        <Typography>{t('publishing.none')}</Typography>
      )}
      <Link href="/admin/plugins/marea">{t('widget.open')}</Link>
    </Flex>
  );
}
