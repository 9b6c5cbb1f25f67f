/** A MediaQueryList for jsdom (which has none), matching the queries `matches` says. MUI's useMediaQuery reads it. */
export function fakeMatchMedia(matches: (query: string) => boolean): typeof window.matchMedia {
  return (query: string) =>
    ({
      matches: matches(query),
      media: query,
      onchange: null,
      addListener: () => undefined,
      removeListener: () => undefined,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
      dispatchEvent: () => false,
    }) as MediaQueryList;
}
