// The federation runtime core on the global where remotes built with `externalRuntime` look for
// it. Inside the shell, the shell provides it; this bundle does the same for a remote's own
// standalone page (`npm run dev -w mf-<name>`), loaded before its main.js.
import * as runtimeCore from '@module-federation/runtime-core';

globalThis._FEDERATION_RUNTIME_CORE = runtimeCore;
