/** The networks `blocks.share` offers (content contract), in the CMS's order. */
export const NETWORKS = ['facebook', 'x', 'whatsapp', 'email', 'copy'] as const;
export type Network = (typeof NETWORKS)[number];
/** Networks that are links (copy is a button). */
export type LinkNetwork = Exclude<Network, 'copy'>;

/** The block's `networks`, known ones only, each once, in the CMS's order. */
export function networksOf(value: unknown): Network[] {
  if (!Array.isArray(value)) return [];
  const wanted = value.map((v) => (typeof v === 'string' ? v.trim().toLowerCase() : ''));
  return [...new Set(wanted)].filter((v): v is Network => (NETWORKS as readonly string[]).includes(v));
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
