import { lookup } from 'node:dns/promises';
import ipaddr from 'ipaddr.js';
import { UnsafeMediaUrlError } from '../cms/unsafe-media-url-error.js';

/** Where media may be downloaded from. */
export interface MediaSourcePolicy {
  /** The CMS (`CMS_URL`): its origin is always allowed, whatever its address (a local Strapi on 127.0.0.1). */
  cmsUrl?: string | null | undefined;
  /** `MEDIA_HOSTS`: other hosts, as URL.host writes them (`host` for the default port, `host:port`). Default none. */
  mediaHosts?: readonly string[] | undefined;
}

/**
 * Throws `UnsafeMediaUrlError` naming `url` (and `via`, the media url a
 * redirect came from) unless it may be requested: http(s), and either the
 * CMS origin or a host of `MEDIA_HOSTS` whose every address (DNS) is public
 * unicast; private, loopback, link-local, unique-local, multicast, reserved
 * and the like (ipaddr.js `range()` other than `unicast`) are refused. A
 * MEDIA_HOSTS entry that is itself an IP address (`127.0.0.1:9000`, a local
 * MinIO) is taken as meant. Nothing is sent to the host.
 */
export async function checkMediaSource(url: URL, policy: MediaSourcePolicy, via?: string): Promise<void> {
  const refuse = (reason: string): never => {
    throw new UnsafeMediaUrlError(via ?? url.href, via ? `it redirects to ${url.href}, and ${reason}` : reason);
  };
  if (url.protocol !== 'http:' && url.protocol !== 'https:') refuse(`the scheme "${url.protocol}" is not http(s)`);
  if (url.username || url.password) refuse('it carries a user name or password');
  const cmsOrigin = policy.cmsUrl ? new URL(policy.cmsUrl).origin : null;
  if (url.origin === cmsOrigin) return;
  const hosts = policy.mediaHosts ?? [];
  if (!hosts.includes(url.host)) {
    const cms = cmsOrigin ? new URL(cmsOrigin).host : 'not set';
    refuse(`its host "${url.host}" is neither the CMS (${cms}) nor in MEDIA_HOSTS (${hosts.join(', ') || 'empty'}); add it to MEDIA_HOSTS if it is your media storage`);
  }
  const hostname = url.hostname.replace(/^\[(.*)\]$/, '$1');
  if (ipaddr.isValid(hostname)) return; // listed as an address: meant
  let addresses: string[];
  try {
    addresses = (await lookup(hostname, { all: true, verbatim: true })).map((entry) => entry.address);
  } catch (error) {
    return refuse(`its host "${hostname}" does not resolve (${(error as Error).message})`);
  }
  for (const address of addresses) {
    const range = ipaddr.process(address).range();
    if (range !== 'unicast') refuse(`its host "${hostname}" resolves to ${address}, a ${range} address; media are only fetched from public addresses`);
  }
}
