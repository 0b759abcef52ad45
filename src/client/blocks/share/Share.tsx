import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from '../../i18n/use-translation.js';
import type { BlockComponentProps } from '../props.js';
import { copyText } from './copy-text.js';
import { ShareIcon } from './icons.js';
import { networksOf, shareUrl, type LinkNetwork } from './share-urls.js';
import { useShareTarget } from './use-share-target.js';
import './share.css';

type CopyState = 'idle' | 'copied' | 'manual';

/**
 * `blocks.share`: `networks[]` of facebook, x, whatsapp, email, copy. Network
 * links open the network's share page in a new tab (rel=noopener, named
 * "Share on X (opens in a new tab)"); email is a `mailto:`; copy puts the
 * page's canonical URL on the clipboard and says so in a polite status.
 */
export function Share({ block }: BlockComponentProps<'blocks.share'>) {
  const { t } = useTranslation();
  const headingId = useId();
  const { url, title } = useShareTarget();
  const networks = networksOf(block.props.networks);
  const [copy, setCopy] = useState<CopyState>('idle');
  const manualField = useRef<HTMLInputElement>(null);

  // Both copy paths failed: hand the visitor the URL, selected, to copy by hand.
  useEffect(() => {
    if (copy !== 'manual') return;
    manualField.current?.focus();
    manualField.current?.select();
  }, [copy]);

  if (networks.length === 0) return null;

  const onCopy = async () => {
    setCopy((await copyText(url)) ? 'copied' : 'manual');
  };

  return (
    <section className="share container" aria-labelledby={headingId}>
      <h2 id={headingId} className="share__title">
        {t('share.title')}
      </h2>
      <ul className="share__list">
        {networks.map((network) =>
          network === 'copy' ? (
            <li key={network}>
              <button type="button" className="share__item" onClick={onCopy}>
                <ShareIcon network="copy" />
                {t('share.copy')}
              </button>
            </li>
          ) : (
            <li key={network}>
              <NetworkLink network={network} url={url} title={title} />
            </li>
          ),
        )}
      </ul>
      {networks.includes('copy') && (
        <>
          <p className="share__status" role="status">
            {copy === 'copied' ? t('share.copied') : copy === 'manual' ? t('share.copyManually') : ''}
          </p>
          {copy === 'manual' && (
            <label className="share__manual">
              <span>{t('share.pageLink')}</span>
              <input ref={manualField} type="url" readOnly value={url} onFocus={(e) => e.currentTarget.select()} />
            </label>
          )}
        </>
      )}
    </section>
  );
}

function NetworkLink({ network, url, title }: { network: LinkNetwork; url: string; title: string }) {
  const { t } = useTranslation();
  const label = t(`share.networks.${network}`);
  if (network === 'email') {
    return (
      <a className="share__item" href={shareUrl(network, url, title)} aria-label={t('share.byEmail')}>
        <ShareIcon network={network} />
        {label}
      </a>
    );
  }
  return (
    <a className="share__item" href={shareUrl(network, url, title)} target="_blank" rel="noopener noreferrer" aria-label={t('share.on', { network: label })}>
      <ShareIcon network={network} />
      {label}
    </a>
  );
}
