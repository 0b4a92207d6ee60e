// What the browser bundles get for `react-router`: the parts of the
// router the apps use. The router is a federation singleton, and a shared module is shared whole:
// sharing the package itself put every export (data routers, server rendering, RSC) on the
// dashboard, about 61 KB gzipped. Sharing this module instead lets webpack leave out what no app
// imports. A name missing here fails the build (`exportsPresence: 'error'`): add it to the list.
//
// `#react-router` is this package's name for react-router's public entry (package.json
// `imports`): a bare `react-router` here would be the federation share of that name, and the
// apps' alias would lead it back to this file (create-config.mjs lifts the alias for the facades).
export {
  BrowserRouter,
  Link,
  NavLink,
  Navigate,
  Route,
  Routes,
  useInRouterContext,
  useLocation,
  useNavigate,
  useSearchParams,
} from '#react-router';
