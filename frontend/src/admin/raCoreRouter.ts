/**
 * The router ra-core sees in the build (vite.config.ts points ra-core's `react-router-dom` here): react-router itself,
 * less the data router ra-core would make for an admin console mounted outside any router. Ours always sits inside
 * the app's BrowserRouter (main.tsx), so that code never runs; and since react-router is one module shared with the
 * member pages, keeping it would put react-router's whole data router (about 14 KiB gzipped) in every page's entry.
 */
export * from 'react-router-dom';

function outsideTheAppsRouter(): never {
  throw new Error("The admin console is mounted inside the app's BrowserRouter; ra-core's own router is left out of the build");
}

export const createHashRouter = outsideTheAppsRouter;
export const createMemoryRouter = outsideTheAppsRouter;
export const createBrowserRouter = outsideTheAppsRouter;
export const RouterProvider = outsideTheAppsRouter;
