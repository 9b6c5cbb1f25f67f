import '@testing-library/jest-dom/vitest';
import { fakeMatchMedia } from './matchMedia';

// jsdom has no matchMedia; MUI's useMediaQuery (the system colour preference) needs one.
if (!window.matchMedia) window.matchMedia = fakeMatchMedia(() => false);

// jsdom does no layout, so it has no scrollIntoView; pages call it to bring a section into view.
if (!Element.prototype.scrollIntoView) Element.prototype.scrollIntoView = () => undefined;
