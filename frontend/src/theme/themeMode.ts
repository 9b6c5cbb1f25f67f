/** Where the member's light/dark/remote choice is kept (localStorage), read by the app's theme and the light shell. */
export const THEME_MODE_KEY = 'themeMode';
