import { type ComponentProps, type ComponentType, use } from 'react';

/**
 * A section further down a page (past the first screenful on a phone), from a chunk of its own. Its download starts
 * as soon as the page's module runs, beside the page's first requests for data, so it is usually in by the time its
 * data is, and then draws in the same render as the rest of the page; the page's first paint no longer waits for it
 * (the page's first-load JavaScript, docs/member-pages.md#bundle-web-app-weight). Until it is in, the section
 * suspends: render it inside a Suspense boundary.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- any component, as React.lazy takes
export function lazySection<T extends ComponentType<any>>(load: () => Promise<T>) {
  const loading = load();
  // A failed download is reported where the section renders (the boundary), not as an unhandled rejection.
  loading.catch(() => undefined);
  return function LazySection(props: ComponentProps<T>) {
    const Section: ComponentType<ComponentProps<T>> = use(loading);
    return <Section {...props} />;
  };
}
