/**
 * A self-signed certificate for localhost, for tests that speak TLS to the app (never used outside tests). Made with
 * openssl req -x509 -newkey ec -pkeyopt ec_paramgen_curve:prime256v1 -nodes -subj /CN=localhost -days 36500.
 */
export const TEST_TLS = {
  key: `-----BEGIN PRIVATE KEY-----
MIGHAgEAMBMGByqGSM49AgEGCCqGSM49AwEHBG0wawIBAQQgFBTd0J/1cf4yGpOw
PF986nEsWEO+IrNh60YQ6kMW10KhRANCAAQJ0SVT7epgJ8nWnhYg7lVX6ho6IEP8
ukd8A9eKHHJPeGDqRBZzf0bPdetnlZqTeQxsShmAeBpMUDLzfuKLxYGX
-----END PRIVATE KEY-----
`,
  cert: `-----BEGIN CERTIFICATE-----
MIIBnDCCAUGgAwIBAgIULh4QMnncly2sYHmQbgFqe9ZR2fMwCgYIKoZIzj0EAwIw
FDESMBAGA1UEAwwJbG9jYWxob3N0MCAXDTI2MTEyNTA5MDc0MFoYDzIxMjYxMTAx
MDkwNzQwWjAUMRIwEAYDVQQDDAlsb2NhbGhvc3QwWTATBgcqhkjOPQIBBggqhkjO
PQMBBwNCAAQJ0SVT7epgJ8nWnhYg7lVX6ho6IEP8ukd8A9eKHHJPeGDqRBZzf0bP
detnlZqTeQxsShmAeBpMUDLzfuKLxYGXo28wbTAdBgNVHQ4EFgQU1IFxp/UDujZw
vnKikBP32XTNDqswHwYDVR0jBBgwFoAU1IFxp/UDujZwvnKikBP32XTNDqswDwYD
VR0TAQH/BAUwAwEB/zAaBgNVHREEEzARgglsb2NhbGhvc3SHBH8AAAEwCgYIKoZI
zj0EAwIDSQAwRgIhAJ4LW/FAUo7ELJFONohgCnrGigP8Fbg0K2Lml7ILFsonAiEA
zSPSVI02RSP+KRzFxWRZhUa69gtdFst64pg2nfQpQb4=
-----END CERTIFICATE-----
`,
};
