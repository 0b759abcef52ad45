// @vitest-environment node
import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { compiledAddons, headersVersion, nativeBuildEnv, nodeHeadersDir, projectNodeMajor, wrongNode } from './node-runtime.js';

const run = promisify(execFile);

describe('the project runs on its pinned Node (docs/dependencies.md, "Node")', () => {
  it('every script and test runs on the major of package.json’s `node` devDependency', () => {
    // Fails when npm scripts fall back to the system Node (an install without
    // node_modules/.bin/node, or a script started with a bare `node`).
    expect(wrongNode()).toBeNull();
    expect(process.versions.node.split('.')[0]).toBe(String(projectNodeMajor()));
  });

  it('names the expected and the running Node when they differ, and how to fix it', () => {
    const message = wrongNode('20.20.2');
    expect(message).toContain(`Marea runs on Node ${projectNodeMajor()}`);
    expect(message).toContain('this is Node 20.20.2');
    expect(message).toContain('npm run build');
  });
});

describe('native addons are built for the Node that loads them (docs/dependencies.md, "Node")', () => {
  it('finds headers of exactly the running version, not the system Node’s', () => {
    const dir = nodeHeadersDir();
    expect(headersVersion(dir)).toBe(process.versions.node);
    expect(nativeBuildEnv({ npm_config_nodedir: '/usr' }).npm_config_nodedir).toBe(dir);
  });

  let work: string | undefined;
  afterAll(async () => {
    if (work) await rm(work, { recursive: true, force: true });
  });

  // A V8-API addon (like better-sqlite3, unlike N-API ones) records the
  // NODE_MODULE_VERSION it was compiled for: Node refuses to load it into any
  // other major. npm's own node-gyp builds it, as `npm ci` would in cms/.
  it('compiles a V8-API addon with npm’s node-gyp and loads it into this process', async () => {
    const nodeGyp = process.env.npm_config_node_gyp;
    if (!nodeGyp) throw new Error('npm_config_node_gyp is not set: run the tests through npm (`npm test`), which provides npm’s node-gyp');
    work = await mkdtemp(path.join(tmpdir(), 'marea-addon-'));
    await writeFile(path.join(work, 'binding.gyp'), JSON.stringify({ targets: [{ target_name: 'probe', sources: ['probe.cc'] }] }));
    await writeFile(
      path.join(work, 'probe.cc'),
      [
        '#include <node.h>',
        'static void Abi(const v8::FunctionCallbackInfo<v8::Value>& args) {',
        '  args.GetReturnValue().Set(v8::Number::New(args.GetIsolate(), NODE_MODULE_VERSION));',
        '}',
        'static void Init(v8::Local<v8::Object> exports) { NODE_SET_METHOD(exports, "abi", Abi); }',
        'NODE_MODULE(NODE_GYP_MODULE_NAME, Init)',
        '',
      ].join('\n'),
    );
    await run(process.execPath, [nodeGyp, 'rebuild', '--loglevel=error'], { cwd: work, env: nativeBuildEnv() });
    const addon = createRequire(import.meta.url)(path.join(work, 'build/Release/probe.node')) as { abi(): number };
    expect(addon.abi()).toBe(Number(process.versions.modules));
  }, 120_000);

  // `npm ci` compiles these with npm's configured nodedir (the system Node's);
  // the postinstall step (scripts/rebuild-native.ts) rebuilds them for this Node.
  it('every addon `npm ci` compiled in node_modules loads into this Node', () => {
    const load = createRequire(import.meta.url);
    for (const { addons } of compiledAddons()) for (const addon of addons) expect(() => load(addon), addon).not.toThrow();
  });
});
