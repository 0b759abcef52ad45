import { Badge, Box, Flex, Link, Typography } from '@strapi/design-system';
import { useIntl } from 'react-intl';
import { adminHref, liveHref } from '../api.js';

/** The texts of the plugin: `marea.<key>`, from translations/<locale>.json. */
export function useText() {
  const { formatMessage } = useIntl();
  return (key, values) => formatMessage({ id: `marea.${key}`, defaultMessage: key }, values);
}

/** The admin's language as the builds word their issues: `es` for any Spanish, else `en`. */
export function useLanguage() {
  return useIntl().locale.startsWith('es') ? 'es' : 'en';
}

const SECONDS = (value) => (value === null || value === undefined ? null : value < 10 ? value.toFixed(1) : Math.round(value));

/** One line saying what a build did: live after N s, failed, or live with pages held back. */
export function useOutcomeLine() {
  const t = useText();
  return (report) => {
    if (report.result === 'failed') return t('outcome.failed');
    const seconds = SECONDS(report.liveAfterSeconds ?? report.seconds);
    if (report.mode === 'rollback') return t('outcome.rollback', { build: report.buildId });
    if (report.result === 'held-back') return t('outcome.heldBack', { seconds, count: report.heldBack?.length ?? 0 });
    return t('outcome.live', { seconds });
  };
}

export function ResultBadge({ report }) {
  const t = useText();
  const variant = report.result === 'failed' ? 'danger' : report.result === 'held-back' ? 'warning' : 'success';
  const colours = { danger: ['danger100', 'danger700'], warning: ['warning100', 'warning700'], success: ['success100', 'success700'] }[variant];
  return (
    <Badge backgroundColor={colours[0]} textColor={colours[1]}>
      {t(`result.${report.result}`)}
    </Badge>
  );
}

/** When, in the editor's language and time zone. */
export function When({ at }) {
  const { formatDate } = useIntl();
  return <time dateTime={at}>{formatDate(new Date(at), { dateStyle: 'medium', timeStyle: 'medium' })}</time>;
}

/** The edits a build carried: entry, locale, who, when. */
export function Edits({ edits }) {
  const t = useText();
  if (!edits?.length) return null;
  return (
    <Box>
      <Typography variant="delta" tag="h4">
        {t('edits.title')}
      </Typography>
      <ul>
        {edits.map((edit, i) => (
          <li key={i}>
            <Typography>
              {t(`edits.${edit.action}`, { title: edit.title || edit.documentId, locale: edit.locale || '—', editor: edit.editor || t('edits.someone') })} (<When at={edit.at} />)
            </Typography>
          </li>
        ))}
      </ul>
    </Box>
  );
}

/** Pages added, changed and removed, each a link to the live page. */
export function Pages({ report }) {
  const t = useText();
  const pages = report.pages ?? {};
  const kinds = ['added', 'changed', 'removed'].filter((kind) => pages[kind]?.length);
  if (kinds.length === 0) return null;
  return (
    <Box>
      <Typography variant="delta" tag="h4">
        {t('pages.title')}
      </Typography>
      {kinds.map((kind) => (
        <Box key={kind} paddingTop={1}>
          <Typography fontWeight="semiBold">{t(`pages.${kind}`, { count: pages[kind].length })}</Typography>
          <ul>
            {pages[kind].slice(0, 20).map((pathname) => (
              <li key={pathname}>
                {kind === 'removed' ? (
                  <Typography>{pathname}</Typography>
                ) : (
                  <Link href={liveHref(report.siteUrl, pathname)} isExternal>
                    {pathname}
                  </Link>
                )}
              </li>
            ))}
            {pages[kind].length > 20 ? <li>{t('pages.more', { count: pages[kind].length - 20 })}</li> : null}
          </ul>
        </Box>
      ))}
    </Box>
  );
}

/** Every error and warning: the page by its title (a link that opens it in the admin), locale, block, field, message and what to do. */
export function Issues({ issues, heading = true, links = true }) {
  const t = useText();
  const language = useLanguage();
  // The field in words, block included, in the admin's language (a build's words in both, or the gate's one string).
  const words = (issue) => (typeof issue.fieldWords === 'string' ? issue.fieldWords : issue.fieldWords?.[language]);
  // The message and hint in the admin's language: a build's words in both (English when one is missing), or the gate's, already in it.
  const said = (issue) => issue.words?.[language] ?? issue.words?.en ?? issue;
  if (!issues?.length) return null;
  return (
    <Box>
      {heading ? (
        <Typography variant="delta" tag="h4">
          {t('issues.title', { count: issues.length })}
        </Typography>
      ) : null}
      <ul>
        {issues.map((issue, i) => {
          // In the entry's own panel the entry is already open: no link to itself.
          const href = links ? adminHref(issue.adminPath) : null;
          const name = issue.title || issue.slug || issue.entity;
          return (
            <li key={i}>
              <Box paddingTop={2} paddingBottom={2}>
                <Flex gap={2} wrap="wrap" alignItems="baseline">
                  <Badge backgroundColor={issue.severity === 'error' ? 'danger100' : 'warning100'} textColor={issue.severity === 'error' ? 'danger700' : 'warning700'}>
                    {t(`severity.${issue.severity}`)}
                  </Badge>
                  {href ? <Link href={href}>{t('issues.open', { title: name })}</Link> : <Typography fontWeight="semiBold">{name}</Typography>}
                  {issue.locale ? <Typography textColor="neutral600">({issue.locale})</Typography> : null}
                </Flex>
                <Typography tag="p" style={{ overflowWrap: 'anywhere' }}>
                  {words(issue)
                    ? t('issues.field', { field: words(issue) })
                    : [issue.block && t('issues.block', { block: issue.block }), issue.field && t('issues.field', { field: issue.field })].filter(Boolean).join(' · ')}
                </Typography>
                <Typography tag="p" style={{ overflowWrap: 'anywhere' }}>
                  {said(issue).message}
                </Typography>
                {said(issue).hint ? (
                  <Typography tag="p" textColor="neutral600" style={{ overflowWrap: 'anywhere' }}>
                    {said(issue).hint}
                  </Typography>
                ) : null}
              </Box>
            </li>
          );
        })}
      </ul>
    </Box>
  );
}

/** Pages (or modals, promo codes) held back by content errors: where each stays live, and why. */
export function HeldBack({ report }) {
  const t = useText();
  const language = useLanguage();
  if (!report.heldBack?.length) return null;
  return (
    <Box>
      <Typography variant="delta" tag="h4">
        {t('heldBack.title', { count: report.heldBack.length })}
      </Typography>
      <ul>
        {report.heldBack.map((held, i) => (
          <li key={i}>
            <Typography style={{ overflowWrap: 'anywhere' }}>
              {held.title || held.slug} {held.locale ? `(${held.locale})` : ''}: {held.reasons?.[language] || held.reason}
            </Typography>
          </li>
        ))}
      </ul>
    </Box>
  );
}
