import { useTranslation } from '../i18n/use-translation.js';
import { usePage } from '../page/page-context.js';
import type { Media } from '../../shared/model.js';

/**
 * A video's WebVTT captions (content contract: `captions` is in the entry's
 * locale, so in the page's language): shown by default where the visitor can
 * hear the video (`shown`), labelled in the
 * page's language in the player's captions menu. Same-origin (the build
 * copies it to `/assets/media/`), so the video needs no `crossOrigin`, and
 * CSP `default-src 'self'` lets the browser fetch it.
 */
export function CaptionsTrack({ captions, shown }: { captions: Media; shown: boolean }) {
  const { t } = useTranslation();
  const { locale } = usePage();
  return <track kind="captions" src={captions.url} srcLang={locale} label={t('media.captions')} default={shown} />;
}
