// What the browser bundles get for `react-router-dom` (and `react-router`): the parts of the
// router the apps use, from react-router's production build. The router is a federation
// singleton, and a shared module is shared whole: sharing the package itself put every export
// (data routers, server rendering, RSC) on the dashboard, about 61 KB gzipped. Sharing this
// module instead lets webpack leave out what no app imports. A name missing here fails the
// build (`exportsPresence: 'error'`): add it to the list.
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
} from '../node_modules/react-router/dist/production/index.mjs';
