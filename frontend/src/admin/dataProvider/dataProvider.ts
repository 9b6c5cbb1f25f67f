import simpleRestProvider from 'ra-data-simple-rest';
import type { DataProvider } from 'react-admin';
import { type AdminActions, createActions } from './actions';
import { apiResource, failWith, httpClient, loadFailedText } from './httpClient';

export type AdminDataProvider = DataProvider & AdminActions;

/**
 * ra-data-simple-rest against /api (the API speaks its dialect on every list), with the spec's failure texts and
 * form errors on the fields they concern.
 */
export function createDataProvider(): AdminDataProvider {
  const rest = simpleRestProvider('/api', httpClient);
  return {
    ...rest,
    getList: (resource, params) => rest.getList(apiResource(resource), params).catch((error) => failWith(error, loadFailedText(resource))),
    getOne: (resource, params) => rest.getOne(apiResource(resource), params).catch((error) => failWith(error, loadFailedText(resource))),
    getMany: (resource, params) => rest.getMany(apiResource(resource), params).catch((error) => failWith(error, loadFailedText(resource))),
    getManyReference: (resource, params) =>
      rest.getManyReference(apiResource(resource), params).catch((error) => failWith(error, loadFailedText(resource))),
    create: (resource, params) =>
      rest.create(apiResource(resource), params).catch((error) => failWith(error, resource === 'picks' ? 'Add failed' : 'Create failed', params.data)),
    update: (resource, params) => rest.update(apiResource(resource), params).catch((error) => failWith(error, 'Update failed', params.data)),
    updateMany: (resource, params) => rest.updateMany(apiResource(resource), params).catch((error) => failWith(error, 'Update failed')),
    // The API answers a delete with 204 and no body; react-admin wants the record back.
    delete: (resource, params) =>
      rest
        .delete(apiResource(resource), params)
        .then(() => ({ data: (params.previousData ?? { id: params.id }) as never }))
        .catch((error) => failWith(error, 'Delete failed')),
    deleteMany: (resource, params) =>
      rest
        .deleteMany(apiResource(resource), params)
        .then(() => ({ data: params.ids }))
        .catch((error) => failWith(error, 'Delete failed')),

    ...createActions(),
  };
}
