import { endpointRefusal } from './endpoint-policy';

describe('endpointRefusal', () => {
  it.each([
    'https://fcm.googleapis.com/fcm/send/abc:APA91b',
    'https://updates.push.services.mozilla.com/wpush/v2/gAAAA',
    'https://push.services.mozilla.com/wpush/v1/gAAAA',
    'https://web.push.apple.com/QGx7',
    'https://wns2-by3p.notify.windows.com/w/?token=AQE',
  ])('takes %s', (endpoint) => expect(endpointRefusal(endpoint, [])).toBeNull());

  it.each([
    ['http://fcm.googleapis.com/fcm/send/x', /https/],
    ['https://fcm.googleapis.com.evil.test/x', /known push service/],
    ['https://evil.test/fcm.googleapis.com', /known push service/],
    ['https://notify.windows.com.evil.test/x', /known push service/],
    ['https://user@fcm.googleapis.com/x', /https URL/],
    ['https://fcm.googleapis.com:8443/x', /https URL/],
    ['http://127.0.0.1:8080/push', /https/],
    ['not a url', /URL/],
  ])('refuses %s', (endpoint, message) => expect(endpointRefusal(endpoint, [])).toMatch(message));

  it('takes what PUSH_ENDPOINT_ALLOW lists, by prefix', () => {
    expect(endpointRefusal('http://127.0.0.1:8080/push/1', ['http://127.0.0.1:8080/'])).toBeNull();
    expect(endpointRefusal('http://127.0.0.1:8081/push/1', ['http://127.0.0.1:8080/'])).not.toBeNull();
  });
});
