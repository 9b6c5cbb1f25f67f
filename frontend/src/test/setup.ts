import '@testing-library/jest-dom/vitest';
import { fakeMatchMedia } from './matchMedia';

// jsdom has no matchMedia; MUI's useMediaQuery (the system colour preference) needs one.
if (!window.matchMedia) window.matchMedia = fakeMatchMedia(() => false);
