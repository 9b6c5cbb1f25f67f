import { join } from 'node:path';

/** Handlebars templates of the e-mails: NAME.hbs (HTML) and NAME.text.hbs (plain text), partials in partials/. */
export const TEMPLATE_DIR = join(__dirname, 'templates');
