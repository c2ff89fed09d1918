/** Types generated for queries found in "services/properties/src/clients/clients.repository.ts" */
export type NumberOrString = number | string;

export type stringArray = string[];

/** 'ClientById' parameters type */
export interface IClientByIdParams {
  id: string;
  providerId: string;
}

/** 'ClientById' return type */
export interface IClientByIdResult {
  contactCount: number;
  createdAt: Date;
  defaultPlayerBrandingLogoUrl: string | null;
  emailAddress: string | null;
  id: string;
  name: string;
  phoneNumber: string | null;
  propertyCount: number;
  updatedAt: Date;
}

/** 'ClientById' query type */
export interface IClientByIdQuery {
  params: IClientByIdParams;
  result: IClientByIdResult;
}

/** 'ClientPage' parameters type */
export interface IClientPageParams {
  limit: NumberOrString;
  offset: NumberOrString;
  providerId: string;
  search?: string | null | void;
}

/** 'ClientPage' return type */
export interface IClientPageResult {
  contactCount: number;
  createdAt: Date;
  defaultPlayerBrandingLogoUrl: string | null;
  emailAddress: string | null;
  id: string;
  name: string;
  phoneNumber: string | null;
  propertyCount: number;
  total: number;
  updatedAt: Date;
}

/** 'ClientPage' query type */
export interface IClientPageQuery {
  params: IClientPageParams;
  result: IClientPageResult;
}

/** 'CountClients' parameters type */
export interface ICountClientsParams {
  providerId: string;
  search?: string | null | void;
}

/** 'CountClients' return type */
export interface ICountClientsResult {
  total: number;
}

/** 'CountClients' query type */
export interface ICountClientsQuery {
  params: ICountClientsParams;
  result: ICountClientsResult;
}

/** 'InsertClient' parameters type */
export interface IInsertClientParams {
  defaultPlayerBrandingLogoUrl?: string | null | void;
  emailAddress?: string | null | void;
  id: string;
  name: string;
  phoneNumber?: string | null | void;
  providerId: string;
}

/** 'InsertClient' return type */
export type IInsertClientResult = void;

/** 'InsertClient' query type */
export interface IInsertClientQuery {
  params: IInsertClientParams;
  result: IInsertClientResult;
}

/** 'UpdateClient' parameters type */
export interface IUpdateClientParams {
  defaultPlayerBrandingLogoUrl?: string | null | void;
  emailAddress?: string | null | void;
  id: string;
  name: string;
  phoneNumber?: string | null | void;
  providerId: string;
}

/** 'UpdateClient' return type */
export type IUpdateClientResult = void;

/** 'UpdateClient' query type */
export interface IUpdateClientQuery {
  params: IUpdateClientParams;
  result: IUpdateClientResult;
}

/** 'DeleteClient' parameters type */
export interface IDeleteClientParams {
  id: string;
  providerId: string;
}

/** 'DeleteClient' return type */
export type IDeleteClientResult = void;

/** 'DeleteClient' query type */
export interface IDeleteClientQuery {
  params: IDeleteClientParams;
  result: IDeleteClientResult;
}

/** 'ContactById' parameters type */
export interface IContactByIdParams {
  id: string;
  providerId: string;
}

/** 'ContactById' return type */
export interface IContactByIdResult {
  createdAt: Date;
  emailAddress: string;
  fullName: string;
  id: string;
  phoneNumber: string | null;
  providerClientId: string | null;
  providerClientName: string | null;
  updatedAt: Date;
  weeklyReport: boolean;
}

/** 'ContactById' query type */
export interface IContactByIdQuery {
  params: IContactByIdParams;
  result: IContactByIdResult;
}

/** 'ContactPage' parameters type */
export interface IContactPageParams {
  limit: NumberOrString;
  offset: NumberOrString;
  providerClientId?: string | null | void;
  providerId: string;
  search?: string | null | void;
}

/** 'ContactPage' return type */
export interface IContactPageResult {
  createdAt: Date;
  emailAddress: string;
  fullName: string;
  id: string;
  phoneNumber: string | null;
  providerClientId: string | null;
  providerClientName: string | null;
  total: number;
  updatedAt: Date;
  weeklyReport: boolean;
}

/** 'ContactPage' query type */
export interface IContactPageQuery {
  params: IContactPageParams;
  result: IContactPageResult;
}

/** 'CountContacts' parameters type */
export interface ICountContactsParams {
  providerClientId?: string | null | void;
  providerId: string;
  search?: string | null | void;
}

/** 'CountContacts' return type */
export interface ICountContactsResult {
  total: number;
}

/** 'CountContacts' query type */
export interface ICountContactsQuery {
  params: ICountContactsParams;
  result: ICountContactsResult;
}

/** 'InsertContact' parameters type */
export interface IInsertContactParams {
  emailAddress: string;
  fullName: string;
  id: string;
  phoneNumber?: string | null | void;
  providerClientId?: string | null | void;
  providerId: string;
  weeklyReport: boolean;
}

/** 'InsertContact' return type */
export interface IInsertContactResult {
  id: string;
}

/** 'InsertContact' query type */
export interface IInsertContactQuery {
  params: IInsertContactParams;
  result: IInsertContactResult;
}

/** 'UpdateContact' parameters type */
export interface IUpdateContactParams {
  emailAddress: string;
  fullName: string;
  id: string;
  phoneNumber?: string | null | void;
  providerClientId?: string | null | void;
  providerId: string;
  weeklyReport: boolean;
}

/** 'UpdateContact' return type */
export type IUpdateContactResult = void;

/** 'UpdateContact' query type */
export interface IUpdateContactQuery {
  params: IUpdateContactParams;
  result: IUpdateContactResult;
}

/** 'DeleteContact' parameters type */
export interface IDeleteContactParams {
  id: string;
  providerId: string;
}

/** 'DeleteContact' return type */
export interface IDeleteContactResult {
  id: string;
}

/** 'DeleteContact' query type */
export interface IDeleteContactQuery {
  params: IDeleteContactParams;
  result: IDeleteContactResult;
}

/** 'AdminClientPage' parameters type */
export interface IAdminClientPageParams {
  limit: NumberOrString;
  offset: NumberOrString;
  providerId?: string | null | void;
  search?: string | null | void;
}

/** 'AdminClientPage' return type */
export interface IAdminClientPageResult {
  id: string;
  name: string;
  providerId: string;
  total: number;
}

/** 'AdminClientPage' query type */
export interface IAdminClientPageQuery {
  params: IAdminClientPageParams;
  result: IAdminClientPageResult;
}

/** 'CountAdminClients' parameters type */
export interface ICountAdminClientsParams {
  providerId?: string | null | void;
  search?: string | null | void;
}

/** 'CountAdminClients' return type */
export interface ICountAdminClientsResult {
  total: number;
}

/** 'CountAdminClients' query type */
export interface ICountAdminClientsQuery {
  params: ICountAdminClientsParams;
  result: ICountAdminClientsResult;
}

/** 'ClientOfProperty' parameters type */
export interface IClientOfPropertyParams {
  propertyId: string;
}

/** 'ClientOfProperty' return type */
export interface IClientOfPropertyResult {
  defaultPlayerBrandingLogoUrl: string | null;
  name: string;
}

/** 'ClientOfProperty' query type */
export interface IClientOfPropertyQuery {
  params: IClientOfPropertyParams;
  result: IClientOfPropertyResult;
}

/** 'KnownContacts' parameters type */
export interface IKnownContactsParams {
  ids: stringArray;
  providerId: string;
}

/** 'KnownContacts' return type */
export interface IKnownContactsResult {
  emailAddress: string;
  fullName: string;
  id: string;
  phoneNumber: string | null;
}

/** 'KnownContacts' query type */
export interface IKnownContactsQuery {
  params: IKnownContactsParams;
  result: IKnownContactsResult;
}

/** 'ClientContactByEmail' parameters type */
export interface IClientContactByEmailParams {
  clientId: string;
  email: string;
  providerId: string;
}

/** 'ClientContactByEmail' return type */
export interface IClientContactByEmailResult {
  clientId: string;
  clientName: string;
  contactFullName: string | null;
  contactId: string | null;
}

/** 'ClientContactByEmail' query type */
export interface IClientContactByEmailQuery {
  params: IClientContactByEmailParams;
  result: IClientContactByEmailResult;
}
