'use strict';

/**
 * The Marea plugin's server side, composed from its parts: each file of
 * server/parts/ exports a piece of a Strapi plugin ({ register, bootstrap,
 * destroy, routes, controllers, services, contentTypes, policies }) and is
 * merged here in file-name order, so a capability is one file and adding
 * one edits nothing shared. Routes are keyed by type ('admin',
 * 'content-api'); controller, service and content-type names must be
 * unique across the parts (a clash fails the start, naming both files).
 */
const fs = require('fs');
const path = require('path');

const PARTS = path.join(__dirname, 'server', 'parts');

function load() {
  return fs
    .readdirSync(PARTS)
    .filter((file) => file.endsWith('.js'))
    .sort()
    .map((file) => ({ file, part: require(path.join(PARTS, file)) }));
}

function mergeNamed(target, source, kind, file, owners) {
  for (const [name, value] of Object.entries(source || {})) {
    if (owners.has(`${kind}:${name}`)) throw new Error(`marea plugin: ${kind} "${name}" is defined by both ${owners.get(`${kind}:${name}`)} and ${file}`);
    owners.set(`${kind}:${name}`, file);
    target[name] = value;
  }
}

function compose(parts) {
  const plugin = { controllers: {}, services: {}, contentTypes: {}, policies: {}, middlewares: {}, routes: {} };
  const owners = new Map();
  for (const { file, part } of parts) {
    for (const kind of ['controllers', 'services', 'contentTypes', 'policies', 'middlewares']) mergeNamed(plugin[kind], part[kind], kind, file, owners);
    for (const [type, router] of Object.entries(part.routes || {})) {
      const existing = plugin.routes[type] || { type, routes: [] };
      existing.routes.push(...(router.routes || []));
      plugin.routes[type] = existing;
    }
  }
  const run = (phase) => async (context) => {
    for (const { part } of parts) if (typeof part[phase] === 'function') await part[phase](context);
  };
  return { ...plugin, register: run('register'), bootstrap: run('bootstrap'), destroy: run('destroy') };
}

module.exports = compose(load());
// Not enumerable: Strapi refuses a plugin export with keys it does not know.
Object.defineProperty(module.exports, 'compose', { value: compose, enumerable: false });
