// The federation runtime on the globals where remotes look for it (webpack/create-config.mjs):
// the runtime core (`experiments.externalRuntime`) and the webpack bundler runtime, which is
// built on that same core. The shell loads this bundle (from its own build) before it loads the
// first remote; a remote's standalone page (`npm run dev -w mf-<name>`) loads the remote's copy
// before main.js.
import * as runtimeCore from '@module-federation/runtime-core';
import * as bundlerRuntime from '@module-federation/webpack-bundler-runtime/bundler';

globalThis._FEDERATION_RUNTIME_CORE = runtimeCore;
globalThis._FEDERATION_BUNDLER_RUNTIME = bundlerRuntime;
