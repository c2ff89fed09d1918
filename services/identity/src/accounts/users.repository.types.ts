/** Types generated for queries found in "services/identity/src/accounts/users.repository.ts" */
export type NumberOrString = number | string;

export type stringArray = string[];

/** 'FindUserByEmail' parameters type */
export interface IFindUserByEmailParams {
  email: string;
}

/** 'FindUserByEmail' return type */
export interface IFindUserByEmailResult {
  email: string;
  firstName: string;
  id: string;
  lastName: string;
  passwordHash: string;
  primaryProviderId: string | null;
  staffRole: string | null;
}

/** 'FindUserByEmail' query type */
export interface IFindUserByEmailQuery {
  params: IFindUserByEmailParams;
  result: IFindUserByEmailResult;
}

/** 'UserExists' parameters type */
export interface IUserExistsParams {
  id: string;
}

/** 'UserExists' return type */
export interface IUserExistsResult {
  id: string;
}

/** 'UserExists' query type */
export interface IUserExistsQuery {
  params: IUserExistsParams;
  result: IUserExistsResult;
}

/** 'CreateConfirmedUser' parameters type */
export interface ICreateConfirmedUserParams {
  email: string;
  firstName: string;
  id: string;
  lastName: string;
  passwordHash: string;
  primaryProviderId?: string | null | void;
  staffRole?: string | null | void;
}

/** 'CreateConfirmedUser' return type */
export interface ICreateConfirmedUserResult {
  id: string;
}

/** 'CreateConfirmedUser' query type */
export interface ICreateConfirmedUserQuery {
  params: ICreateConfirmedUserParams;
  result: ICreateConfirmedUserResult;
}

/** 'RenameUser' parameters type */
export interface IRenameUserParams {
  firstName: string;
  id: string;
  lastName: string;
}

/** 'RenameUser' return type */
export interface IRenameUserResult {
  email: string;
  firstName: string;
  id: string;
  lastName: string;
}

/** 'RenameUser' query type */
export interface IRenameUserQuery {
  params: IRenameUserParams;
  result: IRenameUserResult;
}

/** 'UserProfile' parameters type */
export interface IUserProfileParams {
  id: string;
}

/** 'UserProfile' return type */
export interface IUserProfileResult {
  email: string;
  firstName: string;
  lastName: string;
  phoneNumber: string | null;
}

/** 'UserProfile' query type */
export interface IUserProfileQuery {
  params: IUserProfileParams;
  result: IUserProfileResult;
}

/** 'UpdateProfile' parameters type */
export interface IUpdateProfileParams {
  firstName?: string | null | void;
  id: string;
  lastName?: string | null | void;
  phoneNumber?: string | null | void;
  phoneNumberGiven: boolean;
}

/** 'UpdateProfile' return type */
export interface IUpdateProfileResult {
  email: string;
  firstName: string;
  lastName: string;
  phoneNumber: string | null;
}

/** 'UpdateProfile' query type */
export interface IUpdateProfileQuery {
  params: IUpdateProfileParams;
  result: IUpdateProfileResult;
}

/** 'LockPrimaryProvider' parameters type */
export interface ILockPrimaryProviderParams {
  id: string;
}

/** 'LockPrimaryProvider' return type */
export interface ILockPrimaryProviderResult {
  email: string;
  primaryProviderId: string | null;
}

/** 'LockPrimaryProvider' query type */
export interface ILockPrimaryProviderQuery {
  params: ILockPrimaryProviderParams;
  result: ILockPrimaryProviderResult;
}

/** 'SetPrimaryProvider' parameters type */
export interface ISetPrimaryProviderParams {
  id: string;
  providerId: string;
}

/** 'SetPrimaryProvider' return type */
export type ISetPrimaryProviderResult = void;

/** 'SetPrimaryProvider' query type */
export interface ISetPrimaryProviderQuery {
  params: ISetPrimaryProviderParams;
  result: ISetPrimaryProviderResult;
}

/** 'AdoptPrimaryProvider' parameters type */
export interface IAdoptPrimaryProviderParams {
  id: string;
  providerId: string;
}

/** 'AdoptPrimaryProvider' return type */
export type IAdoptPrimaryProviderResult = void;

/** 'AdoptPrimaryProvider' query type */
export interface IAdoptPrimaryProviderQuery {
  params: IAdoptPrimaryProviderParams;
  result: IAdoptPrimaryProviderResult;
}

/** 'LeavePrimaryProvider' parameters type */
export interface ILeavePrimaryProviderParams {
  id: string;
  providerId: string;
}

/** 'LeavePrimaryProvider' return type */
export type ILeavePrimaryProviderResult = void;

/** 'LeavePrimaryProvider' query type */
export interface ILeavePrimaryProviderQuery {
  params: ILeavePrimaryProviderParams;
  result: ILeavePrimaryProviderResult;
}

/** 'SetPasswordHash' parameters type */
export interface ISetPasswordHashParams {
  id: string;
  passwordHash: string;
}

/** 'SetPasswordHash' return type */
export type ISetPasswordHashResult = void;

/** 'SetPasswordHash' query type */
export interface ISetPasswordHashQuery {
  params: ISetPasswordHashParams;
  result: ISetPasswordHashResult;
}

/** 'StaffOf' parameters type */
export interface IStaffOfParams {
  staffRole: string;
}

/** 'StaffOf' return type */
export interface IStaffOfResult {
  email: string;
  fullName: string;
  userId: string;
}

/** 'StaffOf' query type */
export interface IStaffOfQuery {
  params: IStaffOfParams;
  result: IStaffOfResult;
}

/** 'UserFullNames' parameters type */
export interface IUserFullNamesParams {
  ids: stringArray;
}

/** 'UserFullNames' return type */
export interface IUserFullNamesResult {
  fullName: string;
  userId: string;
}

/** 'UserFullNames' query type */
export interface IUserFullNamesQuery {
  params: IUserFullNamesParams;
  result: IUserFullNamesResult;
}

/** 'UserContacts' parameters type */
export interface IUserContactsParams {
  limit: NumberOrString;
  offset: NumberOrString;
  providerId?: string | null | void;
  search?: string | null | void;
}

/** 'UserContacts' return type */
export interface IUserContactsResult {
  email: string;
  id: string;
  name: string;
  providerId: string | null;
  total: number;
}

/** 'UserContacts' query type */
export interface IUserContactsQuery {
  params: IUserContactsParams;
  result: IUserContactsResult;
}

/** 'CountContacts' parameters type */
export interface ICountContactsParams {
  providerId?: string | null | void;
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

/** 'LockUser' parameters type */
export interface ILockUserParams {
  id: string;
}

/** 'LockUser' return type */
export interface ILockUserResult {
  confirmedAt: Date | null;
  email: string;
}

/** 'LockUser' query type */
export interface ILockUserQuery {
  params: ILockUserParams;
  result: ILockUserResult;
}

/** 'MarkEmailConfirmed' parameters type */
export interface IMarkEmailConfirmedParams {
  id: string;
}

/** 'MarkEmailConfirmed' return type */
export type IMarkEmailConfirmedResult = void;

/** 'MarkEmailConfirmed' query type */
export interface IMarkEmailConfirmedQuery {
  params: IMarkEmailConfirmedParams;
  result: IMarkEmailConfirmedResult;
}

/** 'HomeProvider' parameters type */
export interface IHomeProviderParams {
  id: string;
}

/** 'HomeProvider' return type */
export interface IHomeProviderResult {
  providerId: string | null;
}

/** 'HomeProvider' query type */
export interface IHomeProviderQuery {
  params: IHomeProviderParams;
  result: IHomeProviderResult;
}
