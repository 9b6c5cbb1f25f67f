/**
 * The import API's answers (docs/imports.md "The API"), as the generated OpenAPI types name them: none is written by
 * hand (see api/types.ts).
 */
import type { RaRecord } from 'react-admin';
import type { components } from '../../api/schema';

type Schemas = components['schemas'];

export type ProviderInfo = Schemas['ProviderInfoDto'];
export type ProviderName = ProviderInfo['name'];
export type FieldChange = Schemas['FieldChangeDto'] | Schemas['ScoreSyncFieldChangeDto'];
export type PreviewTeam = Schemas['PreviewTeamDto'];
export type PreviewGame = Schemas['PreviewGameDto'];
export type ChangeKind = PreviewGame['change'];
export type UnmatchedTeam = Schemas['UnmatchedTeamDto'];
export type ImportPreview = Schemas['ImportPreviewDto'];
export type ImportRequest = Schemas['CreateImportDto'];
export type ApplyRequest = Schemas['ApplyImportDto'];
export type ApplyResult = Schemas['ApplyResultDto'];
export type TeamMapping = Schemas['TeamMappingEntryDto'];
export type ScoreSyncReport = Schemas['ScoreSyncReportDto'];
export type WeeksImportResult = Schemas['CalendarImportResultDto'];
/** GET /imports: one import, score sync or calendar import. */
export type ImportRecord = Schemas['ImportSummaryDto'] & RaRecord;
