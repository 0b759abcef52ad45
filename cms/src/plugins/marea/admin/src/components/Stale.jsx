import { Alert } from '@strapi/design-system';
import * as React from 'react';
import { useIntl } from 'react-intl';
import { useText } from './Outcome.jsx';

/** A publish no build followed within five minutes: the site has not been updated since then. */
export function Stale({ stale }) {
  const t = useText();
  const { formatDate } = useIntl();
  const [shown, setShown] = React.useState(true);
  if (!shown) return null;
  return (
    <Alert variant="danger" title={t('stale.title')} closeLabel={t('close')} onClose={() => setShown(false)} role="alert">
      {t('stale.text', {
        when: formatDate(new Date(stale.since), { dateStyle: 'medium', timeStyle: 'short' }),
        title: stale.publish?.title || stale.publish?.documentId || '',
        editor: stale.publish?.editor || t('edits.someone'),
      })}
    </Alert>
  );
}
