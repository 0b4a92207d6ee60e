// The federation runtime core on the global where remotes built with `externalRuntime` look for
// it. The shell loads this bundle (from its own build) before it loads the first remote; a
// remote's standalone page (`npm run dev -w mf-<name>`) loads the remote's copy before main.js.
import * as runtimeCore from '@module-federation/runtime-core';

globalThis._FEDERATION_RUNTIME_CORE = runtimeCore;
