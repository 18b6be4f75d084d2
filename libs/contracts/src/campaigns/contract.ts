import type { ById, Done, NoData, Rpc, Update } from '../contract.js';
import type { ScheduleDto, ScheduleMediaDto, SchedulesPageView, SchedulesQueryDto, ScheduleView, UpdateScheduleDto } from './schedules.js';
import type {
  CampaignDto,
  CampaignMediaDto,
  CampaignSettingsDto,
  CampaignSettingsView,
  CampaignShippingsQueryDto,
  CampaignShippingsView,
  CampaignsPageView,
  CampaignsQueryDto,
  CampaignView,
  UpdateCampaignDto,
} from './campaigns.js';
import type {
  ContactListDto,
  ContactListImportProgress,
  ContactListUploadDto,
  ContactListItemDto,
  ContactListItemsPageView,
  ContactListItemsQueryDto,
  ContactListItemView,
  ContactListsPageView,
  ContactListsQueryDto,
  ContactListView,
  UpdateContactListItemDto,
} from './contact-lists.js';
import type { FileListDto, FileListsPageView, FileListsQueryDto, FileListUploadDto, FileListView } from './file-lists.js';
import { CampaignsSubjects as S } from './subjects.js';

/** What each campaigns subject takes and answers. */
export type CampaignsContract = {
  [S.schedulesPage]: Rpc<SchedulesQueryDto, SchedulesPageView>;
  [S.schedulesShow]: Rpc<ById, ScheduleView>;
  [S.schedulesCreate]: Rpc<ScheduleDto, ScheduleView>;
  [S.schedulesUpdate]: Rpc<Update<UpdateScheduleDto>, ScheduleView>;
  [S.schedulesDelete]: Rpc<ById, Done>;
  [S.schedulesSetMedia]: Rpc<Update<ScheduleMediaDto>, ScheduleView>;
  [S.campaignsPage]: Rpc<CampaignsQueryDto, CampaignsPageView>;
  [S.campaignsShow]: Rpc<ById, CampaignView>;
  [S.campaignsCreate]: Rpc<CampaignDto, CampaignView>;
  [S.campaignsUpdate]: Rpc<Update<UpdateCampaignDto>, CampaignView>;
  [S.campaignsDelete]: Rpc<ById, Done>;
  [S.campaignsCancel]: Rpc<ById, CampaignView>;
  [S.campaignsRestart]: Rpc<ById, CampaignView>;
  [S.campaignsSetMedia]: Rpc<Update<CampaignMediaDto>, CampaignView>;
  [S.campaignsShippings]: Rpc<ById & CampaignShippingsQueryDto, CampaignShippingsView>;
  [S.campaignSettingsList]: Rpc<NoData, CampaignSettingsView>;
  [S.campaignSettingsSave]: Rpc<CampaignSettingsDto, CampaignSettingsView>;
  [S.contactListsPage]: Rpc<ContactListsQueryDto, ContactListsPageView>;
  [S.contactListsAll]: Rpc<NoData, ContactListView[]>;
  [S.contactListsShow]: Rpc<ById, ContactListView>;
  [S.contactListsCreate]: Rpc<ContactListDto, ContactListView>;
  [S.contactListsUpdate]: Rpc<Update<ContactListDto>, ContactListView>;
  [S.contactListsDelete]: Rpc<ById, Done>;
  [S.contactListsImport]: Rpc<Update<ContactListUploadDto>, ContactListImportProgress>;
  [S.contactListsLatestImport]: Rpc<ById, ContactListImportProgress | null>;
  [S.fileListsPage]: Rpc<FileListsQueryDto, FileListsPageView>;
  [S.fileListsShow]: Rpc<ById, FileListView>;
  [S.fileListsCreate]: Rpc<FileListDto, FileListView>;
  [S.fileListsUpdate]: Rpc<Update<FileListDto>, FileListView>;
  [S.fileListsDelete]: Rpc<ById, Done>;
  [S.fileListsUpload]: Rpc<Update<FileListUploadDto>, FileListView>;
  [S.contactListItemsPage]: Rpc<ContactListItemsQueryDto, ContactListItemsPageView>;
  [S.contactListItemsShow]: Rpc<ById, ContactListItemView>;
  [S.contactListItemsCreate]: Rpc<ContactListItemDto, ContactListItemView>;
  [S.contactListItemsUpdate]: Rpc<Update<UpdateContactListItemDto>, ContactListItemView>;
  [S.contactListItemsDelete]: Rpc<ById, Done>;
};
