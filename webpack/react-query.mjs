// What the browser bundles get for `@tanstack/react-query`: the parts of TanStack Query the apps
// use (all of them through shared-ui's data hooks). The query cache is a federation singleton, and
// a shared module is shared whole: sharing the package itself put every export (hydration,
// infinite and parallel queries, prefetching, suspense) on the dashboard, unused. Sharing this
// module instead lets webpack leave out what no app imports, as `react-router.mjs` does for
// the router. A name missing here fails the build (`exportsPresence: 'error'`): add it to the list.
//
// `#react-query` is this package's name for the package's public entry (package.json `imports`):
// a bare `@tanstack/react-query` here would be the federation share of that name, and the apps'
// alias would lead it back to this file (create-config.mjs lifts the alias for the facades).
export {
  QueryCache,
  QueryClient,
  QueryClientProvider,
  experimental_streamedQuery,
  isCancelledError,
  keepPreviousData,
  useMutation,
  useQuery,
  useQueryClient,
} from '#react-query';
