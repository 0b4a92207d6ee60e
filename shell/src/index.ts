// The signed-in shell's entry. It only starts loading: main.js holds webpack's runtime and
// nothing else, so the first chunks below are requested at once, in parallel.
//
// The dashboard's first calls need shared-ui but not react-dom: loaded on their own, they go into
// the page's cache while react-dom and the rest of the shell are still being read and run
// (sign-in reloads the page at `/`, so this is the first thing every sign-in waits for). At `/`
// the start script has already asked for them (start.ts); they take its answers. The shell
// renders once they have started, so the Dashboard always finds them.
const dashboardCalls = import('./Dashboard/dashboard-calls')
  .then(({ startDashboardCallsOnArrival }) => startDashboardCallsOnArrival())
  // The Dashboard asks for its figures itself when they could not be started early.
  .catch(() => undefined);

void Promise.all([import('./bootstrap'), dashboardCalls]).then(([{ run }]) => run());
