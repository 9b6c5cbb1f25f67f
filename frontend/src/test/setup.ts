import '@testing-library/jest-dom/vitest';
import { configure } from '@testing-library/react';
import { fakeMatchMedia } from './matchMedia';

// jsdom has no matchMedia; MUI's useMediaQuery (the system colour preference) needs one.
if (!window.matchMedia) window.matchMedia = fakeMatchMedia(() => false);

// jsdom does no layout, so it has no scrollIntoView; pages call it to bring a section into view.
if (!Element.prototype.scrollIntoView) Element.prototype.scrollIntoView = () => undefined;

// Pages render their sections as transitions once their data is in, so a shared, loaded machine can take longer than
// Testing Library's default second to show them; a real failure still fails, only later.
configure({ asyncUtilTimeout: 3000 });
