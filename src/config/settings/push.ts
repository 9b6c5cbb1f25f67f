import { duration, integer, matching, urlPrefixes } from './parsers';
import { settingGroup } from './setting';

/** Web Push: the VAPID keys, the push services a subscription may name, the sender. */
export const PUSH_SETTINGS = settingGroup(
  { title: 'Web Push', intro: "Notifications on members' devices: [docs/push.md](docs/push.md)." },
  {
    VAPID_PUBLIC_KEY: {
      description: "the public half of the Web Push key pair (base64url, as `npx web-push generate-vapid-keys` prints it; set both keys or neither). Without them the keys are generated on the first start and kept, in production too. A browser's push subscription is bound to the key it was made with: **instances that don't share `DATA_DIR` must set these**, and new keys silence every subscribed device ([docs/push.md](docs/push.md))",
      parse: matching(/^[A-Za-z0-9_-]{87}$/, 'VAPID_PUBLIC_KEY must be an uncompressed P-256 public key in base64url (87 characters), as web-push generate-vapid-keys prints it'),
      defaultText: 'generated into `DATA_DIR/vapid-keys.json`',
    },
    VAPID_PRIVATE_KEY: {
      description: 'the private half of the Web Push key pair (see `VAPID_PUBLIC_KEY`)',
      parse: matching(/^[A-Za-z0-9_-]{43}$/, 'VAPID_PRIVATE_KEY must be a P-256 private key in base64url (43 characters), as web-push generate-vapid-keys prints it'),
      defaultText: 'generated into `DATA_DIR/vapid-keys.json`',
      secret: true,
    },
    VAPID_SUBJECT: {
      description: 'how push services reach the operator: an `https:` URL or a `mailto:` address',
      parse: matching(/^(https:\/\/[^\s]+|mailto:[^\s@]+@[^\s@]+)$/, 'VAPID_SUBJECT must be an https: URL or a mailto: address'),
      defaultText: '`APP_URL` if https, else `mailto:ADMIN_EMAIL`',
    },
    PUSH_ENDPOINT_ALLOW: {
      description: "comma-separated URL prefixes a push subscription's endpoint may start with besides the known push services (FCM, Mozilla, Apple, Windows, https only); anything else is refused with 422. Tests use `http://127.0.0.1:<port>/`",
      parse: urlPrefixes('PUSH_ENDPOINT_ALLOW must be comma-separated http(s) URL prefixes such as https://push.example.com/'),
    },
    PUSH_TIMEOUT: {
      description: 'how long one request to a push service may take before it is retried later',
      parse: duration({ positive: true }),
      default: '10s',
    },
    PUSH_CONCURRENCY: {
      description: 'push messages each app instance sends at the same time (retries follow `MAIL_RETRY_DELAY` and `MAIL_MAX_ATTEMPTS`)',
      parse: integer(1, 200),
      default: '20',
    },
  },
);
