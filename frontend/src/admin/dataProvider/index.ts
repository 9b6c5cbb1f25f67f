/** The admin's data layer: the HTTP client, the calls beyond CRUD, and react-admin's data provider over both. */
export * from './actions';
export { createDataProvider, type AdminDataProvider } from './dataProvider';
export { failureStatus, formErrorsOf, httpClient, loadFailedText } from './httpClient';
