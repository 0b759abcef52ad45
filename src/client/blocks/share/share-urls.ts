import { shareNetwork, type ShareNetwork } from '../../../shared/block-values.js';

/** The networks `blocks.share` offers (SHARE_NETWORKS in src/shared/block-values.ts). */
export type Network = ShareNetwork;
/** Networks that are links (copy is a button). */
export type LinkNetwork = Exclude<Network, 'copy'>;

/** The block's `networks`, known ones only, each once, in the CMS's order. */
export function networksOf(value: unknown): Network[] {
  if (!Array.isArray(value)) return [];
  return [...new Set(value.map(shareNetwork))].filter((v): v is Network => v !== null);
}

const enc = encodeURIComponent;

/**
 * Each network's share URL for a page URL and title. Everything is
 * percent-encoded (`encodeURIComponent`, so spaces are `%20`, which mail
 * clients also read correctly in `mailto:`).
 */
export function shareUrl(network: LinkNetwork, url: string, title: string): string {
  switch (network) {
    case 'facebook':
      return `https://www.facebook.com/sharer/sharer.php?u=${enc(url)}`;
    case 'x':
      return `https://x.com/intent/post?url=${enc(url)}${title ? `&text=${enc(title)}` : ''}`;
    case 'whatsapp':
      return `https://wa.me/?text=${enc(title ? `${title} ${url}` : url)}`;
    case 'email':
      return `mailto:?subject=${enc(title)}&body=${enc(url)}`;
  }
}
