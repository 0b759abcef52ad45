import { lookup } from 'node:dns/promises';
import type { LookupFunction } from 'node:net';
import ipaddr from 'ipaddr.js';
import { UnsafeMediaUrlError } from '../cms/unsafe-media-url-error.js';

/** Where media may be downloaded from. */
export interface MediaSourcePolicy {
  /** The CMS (`CMS_URL`): its origin is always allowed, whatever its address (a local Strapi on 127.0.0.1). */
  cmsUrl?: string | null | undefined;
  /** `MEDIA_HOSTS`: other hosts, as URL.host writes them (`host` for the default port, `host:port`). Default none. */
  mediaHosts?: readonly string[] | undefined;
  /** Resolves a host name to all its addresses (default: the system's resolver, `dns.lookup`; tests give a fake one). */
  resolve?: Resolve | undefined;
}

/** A host name's addresses, as `dns.lookup(host, { all: true })` gives them. */
export type Resolve = (hostname: string) => Promise<ReadonlyArray<{ address: string; family: number }>>;

const systemResolve: Resolve = (hostname) => lookup(hostname, { all: true, verbatim: true });

/** The first of `addresses` that is not public unicast (ipaddr.js `range()`), with its range; null when all are. */
function firstNotPublic(addresses: ReadonlyArray<{ address: string }>): { address: string; range: string } | null {
  for (const { address } of addresses) {
    const range = ipaddr.process(address).range();
    if (range !== 'unicast') return { address, range };
  }
  return null;
}

/**
 * Throws `UnsafeMediaUrlError` naming `url` (and `via`, the media url a
 * redirect came from) unless it may be requested: http(s), and either the
 * CMS origin or a host of `MEDIA_HOSTS` whose every address (DNS) is public
 * unicast; private, loopback, link-local, unique-local, multicast, reserved
 * and the like (ipaddr.js `range()` other than `unicast`) are refused. A
 * MEDIA_HOSTS entry that is itself an IP address (`127.0.0.1:9000`, a local
 * MinIO) is taken as meant. Nothing is sent to the host.
 *
 * Resolves with the `lookup` the connection to a host checked by name must
 * use (null for the CMS and listed addresses): DNS can answer otherwise a
 * moment later (rebinding), so the addresses the socket connects to are
 * resolved and checked again, and a private one refuses the connection.
 */
export async function checkMediaSource(url: URL, policy: MediaSourcePolicy, via?: string): Promise<LookupFunction | null> {
  const refuse = (reason: string): never => {
    throw refusal(reason);
  };
  if (url.protocol !== 'http:' && url.protocol !== 'https:') refuse(`the scheme "${url.protocol}" is not http(s)`);
  if (url.username || url.password) refuse('it carries a user name or password');
  const cmsOrigin = policy.cmsUrl ? new URL(policy.cmsUrl).origin : null;
  if (url.origin === cmsOrigin) return null;
  const hosts = policy.mediaHosts ?? [];
  if (!hosts.includes(url.host)) {
    const cms = cmsOrigin ? new URL(cmsOrigin).host : 'not set';
    refuse(`its host "${url.host}" is neither the CMS (${cms}) nor in MEDIA_HOSTS (${hosts.join(', ') || 'empty'}); add it to MEDIA_HOSTS if it is your media storage`);
  }
  const hostname = url.hostname.replace(/^\[(.*)\]$/, '$1');
  if (ipaddr.isValid(hostname)) return null; // listed as an address: meant
  const resolve = policy.resolve ?? systemResolve;
  let addresses: ReadonlyArray<{ address: string; family: number }>;
  try {
    addresses = await resolve(hostname);
  } catch (error) {
    return refuse(`its host "${hostname}" does not resolve (${(error as Error).message})`);
  }
  const bad = firstNotPublic(addresses);
  if (bad) refuse(`its host "${hostname}" resolves to ${bad.address}, a ${bad.range} address; media are only fetched from public addresses`);
  return publicOnlyLookup(resolve, (address, range) =>
    refusal(
      `its host "${hostname}" resolved to ${address}, a ${range} address, when the download connected (public addresses a moment before: DNS rebinding); media are only fetched from public addresses`,
    ),
  );

  function refusal(reason: string): UnsafeMediaUrlError {
    return new UnsafeMediaUrlError(via ?? url.href, via ? `it redirects to ${url.href}, and ${reason}` : reason);
  }
}

/**
 * A `lookup` for `net.connect` (and so `http.request`) that resolves with
 * `resolve` and refuses, with `refuse`'s error, when any address is not
 * public: the socket never connects to an address that was not checked.
 */
function publicOnlyLookup(resolve: Resolve, refuse: (address: string, range: string) => Error): LookupFunction {
  return (hostname, options, callback) => {
    resolve(hostname).then(
      (addresses) => {
        const bad = firstNotPublic(addresses);
        if (bad) return callback(refuse(bad.address, bad.range), '');
        const usable = addresses.filter((entry) => !options.family || entry.family === options.family);
        if (usable.length === 0) return callback(Object.assign(new Error(`${hostname} has no IPv${options.family} address`), { code: 'ENOTFOUND' }), '');
        if (options.all)
          return callback(
            null,
            usable.map((entry) => ({ ...entry })),
          );
        callback(null, usable[0]!.address, usable[0]!.family);
      },
      (error: Error) => callback(error, ''),
    );
  };
}
