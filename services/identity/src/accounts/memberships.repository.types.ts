/** Types generated for queries found in "services/identity/src/accounts/memberships.repository.ts" */
export type NumberOrString = number | string;

export type stringArray = string[];

/** 'AddMembership' parameters type */
export interface IAddMembershipParams {
  providerId: string;
  role: string;
  userId: string;
}

/** 'AddMembership' return type */
export type IAddMembershipResult = void;

/** 'AddMembership' query type */
export interface IAddMembershipQuery {
  params: IAddMembershipParams;
  result: IAddMembershipResult;
}

/** 'MembershipExists' parameters type */
export interface IMembershipExistsParams {
  providerId: string;
  userId: string;
}

/** 'MembershipExists' return type */
export interface IMembershipExistsResult {
  found: number;
}

/** 'MembershipExists' query type */
export interface IMembershipExistsQuery {
  params: IMembershipExistsParams;
  result: IMembershipExistsResult;
}

/** 'FindMembership' parameters type */
export interface IFindMembershipParams {
  providerId: string;
  userId: string;
}

/** 'FindMembership' return type */
export interface IFindMembershipResult {
  id: string;
  name: string;
  role: string;
}

/** 'FindMembership' query type */
export interface IFindMembershipQuery {
  params: IFindMembershipParams;
  result: IFindMembershipResult;
}

/** 'AvailableProviders' parameters type */
export interface IAvailableProvidersParams {
  limit: NumberOrString;
  offset: NumberOrString;
  only?: string | null | void;
  search?: string | null | void;
  userId: string;
}

/** 'AvailableProviders' return type */
export interface IAvailableProvidersResult {
  id: string;
  name: string;
}

/** 'AvailableProviders' query type */
export interface IAvailableProvidersQuery {
  params: IAvailableProvidersParams;
  result: IAvailableProvidersResult;
}

/** 'CountAvailableProviders' parameters type */
export interface ICountAvailableProvidersParams {
  only?: string | null | void;
  search?: string | null | void;
  userId: string;
}

/** 'CountAvailableProviders' return type */
export interface ICountAvailableProvidersResult {
  total: number;
}

/** 'CountAvailableProviders' query type */
export interface ICountAvailableProvidersQuery {
  params: ICountAvailableProvidersParams;
  result: ICountAvailableProvidersResult;
}

/** 'StartingProvider' parameters type */
export interface IStartingProviderParams {
  primaryProviderId?: string | null | void;
  userId: string;
}

/** 'StartingProvider' return type */
export interface IStartingProviderResult {
  id: string;
  name: string;
  role: string;
}

/** 'StartingProvider' query type */
export interface IStartingProviderQuery {
  params: IStartingProviderParams;
  result: IStartingProviderResult;
}

/** 'DefaultProvider' parameters type */
export interface IDefaultProviderParams {
  userId: string;
}

/** 'DefaultProvider' return type */
export interface IDefaultProviderResult {
  id: string;
}

/** 'DefaultProvider' query type */
export interface IDefaultProviderQuery {
  params: IDefaultProviderParams;
  result: IDefaultProviderResult;
}

/** 'OldestAdmin' parameters type */
export interface IOldestAdminParams {
  providerId: string;
}

/** 'OldestAdmin' return type */
export interface IOldestAdminResult {
  userId: string;
}

/** 'OldestAdmin' query type */
export interface IOldestAdminQuery {
  params: IOldestAdminParams;
  result: IOldestAdminResult;
}

/** 'AdminEmails' parameters type */
export interface IAdminEmailsParams {
  providerId: string;
}

/** 'AdminEmails' return type */
export interface IAdminEmailsResult {
  email: string;
}

/** 'AdminEmails' query type */
export interface IAdminEmailsQuery {
  params: IAdminEmailsParams;
  result: IAdminEmailsResult;
}

/** 'PeopleAmong' parameters type */
export interface IPeopleAmongParams {
  providerId: string;
  userIds: stringArray;
}

/** 'PeopleAmong' return type */
export interface IPeopleAmongResult {
  id: string;
}

/** 'PeopleAmong' query type */
export interface IPeopleAmongQuery {
  params: IPeopleAmongParams;
  result: IPeopleAmongResult;
}

/** 'ProfilesAmong' parameters type */
export interface IProfilesAmongParams {
  admins: boolean;
  providerId: string;
  team: boolean;
  userIds: stringArray;
}

/** 'ProfilesAmong' return type */
export interface IProfilesAmongResult {
  avatarUrl: string | null;
  email: string;
  fullName: string;
  phoneNumber: string | null;
  userId: string;
}

/** 'ProfilesAmong' query type */
export interface IProfilesAmongQuery {
  params: IProfilesAmongParams;
  result: IProfilesAmongResult;
}

/** 'UsersOf' parameters type */
export interface IUsersOfParams {
  limit: NumberOrString;
  offset: NumberOrString;
  providerId: string;
}

/** 'UsersOf' return type */
export interface IUsersOfResult {
  avatarUrl: string | null;
  color: string;
  email: string;
  firstName: string;
  hasAvatar: boolean;
  id: string;
  isPrimaryProvider: boolean;
  lastName: string;
  role: string;
}

/** 'UsersOf' query type */
export interface IUsersOfQuery {
  params: IUsersOfParams;
  result: IUsersOfResult;
}

/** 'CountUsersOf' parameters type */
export interface ICountUsersOfParams {
  providerId: string;
}

/** 'CountUsersOf' return type */
export interface ICountUsersOfResult {
  total: number;
}

/** 'CountUsersOf' query type */
export interface ICountUsersOfQuery {
  params: ICountUsersOfParams;
  result: ICountUsersOfResult;
}

/** 'JoinTeam' parameters type */
export interface IJoinTeamParams {
  clientId?: string | null | void;
  providerId: string;
  role: string;
  userId: string;
}

/** 'JoinTeam' return type */
export interface IJoinTeamResult {
  userId: string;
}

/** 'JoinTeam' query type */
export interface IJoinTeamQuery {
  params: IJoinTeamParams;
  result: IJoinTeamResult;
}

/** 'ClientUsersOf' parameters type */
export interface IClientUsersOfParams {
  clientId: string;
  limit: NumberOrString;
  offset: NumberOrString;
  providerId: string;
}

/** 'ClientUsersOf' return type */
export interface IClientUsersOfResult {
  email: string;
  firstName: string;
  joinedAt: Date;
  lastName: string;
  total: number;
  userId: string;
}

/** 'ClientUsersOf' query type */
export interface IClientUsersOfQuery {
  params: IClientUsersOfParams;
  result: IClientUsersOfResult;
}

/** 'CountClientUsersOf' parameters type */
export interface ICountClientUsersOfParams {
  clientId: string;
  providerId: string;
}

/** 'CountClientUsersOf' return type */
export interface ICountClientUsersOfResult {
  total: number;
}

/** 'CountClientUsersOf' query type */
export interface ICountClientUsersOfQuery {
  params: ICountClientUsersOfParams;
  result: ICountClientUsersOfResult;
}

/** 'LockClientUsers' parameters type */
export interface ILockClientUsersParams {
  clientId: string;
  providerId: string;
}

/** 'LockClientUsers' return type */
export interface ILockClientUsersResult {
  userId: string;
}

/** 'LockClientUsers' query type */
export interface ILockClientUsersQuery {
  params: ILockClientUsersParams;
  result: ILockClientUsersResult;
}

/** 'LockClientUser' parameters type */
export interface ILockClientUserParams {
  clientId: string;
  providerId: string;
  userId: string;
}

/** 'LockClientUser' return type */
export interface ILockClientUserResult {
  userId: string;
}

/** 'LockClientUser' query type */
export interface ILockClientUserQuery {
  params: ILockClientUserParams;
  result: ILockClientUserResult;
}

/** 'MemberByEmail' parameters type */
export interface IMemberByEmailParams {
  email: string;
  providerId: string;
}

/** 'MemberByEmail' return type */
export interface IMemberByEmailResult {
  role: string;
  userId: string;
}

/** 'MemberByEmail' query type */
export interface IMemberByEmailQuery {
  params: IMemberByEmailParams;
  result: IMemberByEmailResult;
}

/** 'LockAdmins' parameters type */
export interface ILockAdminsParams {
  providerId: string;
}

/** 'LockAdmins' return type */
export interface ILockAdminsResult {
  userId: string;
}

/** 'LockAdmins' query type */
export interface ILockAdminsQuery {
  params: ILockAdminsParams;
  result: ILockAdminsResult;
}

/** 'LockTeamMember' parameters type */
export interface ILockTeamMemberParams {
  providerId: string;
  userId: string;
}

/** 'LockTeamMember' return type */
export interface ILockTeamMemberResult {
  role: string;
}

/** 'LockTeamMember' query type */
export interface ILockTeamMemberQuery {
  params: ILockTeamMemberParams;
  result: ILockTeamMemberResult;
}

/** 'SetMembershipRole' parameters type */
export interface ISetMembershipRoleParams {
  providerId: string;
  role: string;
  userId: string;
}

/** 'SetMembershipRole' return type */
export type ISetMembershipRoleResult = void;

/** 'SetMembershipRole' query type */
export interface ISetMembershipRoleQuery {
  params: ISetMembershipRoleParams;
  result: ISetMembershipRoleResult;
}

/** 'RemoveMembership' parameters type */
export interface IRemoveMembershipParams {
  providerId: string;
  userId: string;
}

/** 'RemoveMembership' return type */
export type IRemoveMembershipResult = void;

/** 'RemoveMembership' query type */
export interface IRemoveMembershipQuery {
  params: IRemoveMembershipParams;
  result: IRemoveMembershipResult;
}

/** 'TeamOf' parameters type */
export interface ITeamOfParams {
  limit: NumberOrString;
  offset: NumberOrString;
  providerId: string;
}

/** 'TeamOf' return type */
export interface ITeamOfResult {
  color: string;
  email: string;
  firstName: string;
  joinedAt: Date;
  lastName: string;
  role: string;
  userId: string;
}

/** 'TeamOf' query type */
export interface ITeamOfQuery {
  params: ITeamOfParams;
  result: ITeamOfResult;
}

/** 'TeamMember' parameters type */
export interface ITeamMemberParams {
  providerId: string;
  userId: string;
}

/** 'TeamMember' return type */
export interface ITeamMemberResult {
  color: string;
  email: string;
  firstName: string;
  joinedAt: Date;
  lastName: string;
  role: string;
  userId: string;
}

/** 'TeamMember' query type */
export interface ITeamMemberQuery {
  params: ITeamMemberParams;
  result: ITeamMemberResult;
}

/** 'CountTeamOf' parameters type */
export interface ICountTeamOfParams {
  providerId: string;
}

/** 'CountTeamOf' return type */
export interface ICountTeamOfResult {
  total: number;
}

/** 'CountTeamOf' query type */
export interface ICountTeamOfQuery {
  params: ICountTeamOfParams;
  result: ICountTeamOfResult;
}
