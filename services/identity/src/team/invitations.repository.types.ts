/** Types generated for queries found in "services/identity/src/team/invitations.repository.ts" */
export type DateOrString = Date | string;

export type NumberOrString = number | string;

/** 'CreateInvitation' parameters type */
export interface ICreateInvitationParams {
  clientId?: string | null | void;
  email: string;
  id: string;
  invitedBy?: string | null | void;
  lifetime: DateOrString;
  providerId: string;
  role: string;
  tokenHash: Buffer;
}

/** 'CreateInvitation' return type */
export interface ICreateInvitationResult {
  clientId: string | null;
  createdAt: Date;
  email: string;
  expired: boolean;
  expiresAt: Date;
  id: string;
  invitedBy: string;
  role: string;
  sentAt: Date;
}

/** 'CreateInvitation' query type */
export interface ICreateInvitationQuery {
  params: ICreateInvitationParams;
  result: ICreateInvitationResult;
}

/** 'LockOpenInvitationForEmail' parameters type */
export interface ILockOpenInvitationForEmailParams {
  email: string;
  providerId: string;
}

/** 'LockOpenInvitationForEmail' return type */
export interface ILockOpenInvitationForEmailResult {
  expired: boolean;
  id: string;
}

/** 'LockOpenInvitationForEmail' query type */
export interface ILockOpenInvitationForEmailQuery {
  params: ILockOpenInvitationForEmailParams;
  result: ILockOpenInvitationForEmailResult;
}

/** 'CloseExpiredInvitation' parameters type */
export interface ICloseExpiredInvitationParams {
  id: string;
}

/** 'CloseExpiredInvitation' return type */
export type ICloseExpiredInvitationResult = void;

/** 'CloseExpiredInvitation' query type */
export interface ICloseExpiredInvitationQuery {
  params: ICloseExpiredInvitationParams;
  result: ICloseExpiredInvitationResult;
}

/** 'ListOpenInvitations' parameters type */
export interface IListOpenInvitationsParams {
  clientId?: string | null | void;
  limit: NumberOrString;
  offset: NumberOrString;
  providerId: string;
}

/** 'ListOpenInvitations' return type */
export interface IListOpenInvitationsResult {
  clientId: string | null;
  createdAt: Date;
  email: string;
  expired: boolean;
  expiresAt: Date;
  id: string;
  invitedBy: string;
  role: string;
  sentAt: Date;
}

/** 'ListOpenInvitations' query type */
export interface IListOpenInvitationsQuery {
  params: IListOpenInvitationsParams;
  result: IListOpenInvitationsResult;
}

/** 'CountOpenInvitations' parameters type */
export interface ICountOpenInvitationsParams {
  clientId?: string | null | void;
  providerId: string;
}

/** 'CountOpenInvitations' return type */
export interface ICountOpenInvitationsResult {
  total: number;
}

/** 'CountOpenInvitations' query type */
export interface ICountOpenInvitationsQuery {
  params: ICountOpenInvitationsParams;
  result: ICountOpenInvitationsResult;
}

/** 'FindOpenInvitation' parameters type */
export interface IFindOpenInvitationParams {
  clientId?: string | null | void;
  id: string;
  providerId: string;
}

/** 'FindOpenInvitation' return type */
export interface IFindOpenInvitationResult {
  email: string;
  id: string;
}

/** 'FindOpenInvitation' query type */
export interface IFindOpenInvitationQuery {
  params: IFindOpenInvitationParams;
  result: IFindOpenInvitationResult;
}

/** 'ResendInvitation' parameters type */
export interface IResendInvitationParams {
  id: string;
  lifetime: DateOrString;
  providerId: string;
  tokenHash: Buffer;
}

/** 'ResendInvitation' return type */
export interface IResendInvitationResult {
  clientId: string | null;
  createdAt: Date;
  email: string;
  expired: boolean;
  expiresAt: Date;
  id: string;
  invitedBy: string;
  role: string;
  sentAt: Date;
}

/** 'ResendInvitation' query type */
export interface IResendInvitationQuery {
  params: IResendInvitationParams;
  result: IResendInvitationResult;
}

/** 'RevokeInvitation' parameters type */
export interface IRevokeInvitationParams {
  clientId?: string | null | void;
  id: string;
  providerId: string;
}

/** 'RevokeInvitation' return type */
export type IRevokeInvitationResult = void;

/** 'RevokeInvitation' query type */
export interface IRevokeInvitationQuery {
  params: IRevokeInvitationParams;
  result: IRevokeInvitationResult;
}

/** 'RevokeClientInvitations' parameters type */
export interface IRevokeClientInvitationsParams {
  clientId: string;
  providerId: string;
}

/** 'RevokeClientInvitations' return type */
export type IRevokeClientInvitationsResult = void;

/** 'RevokeClientInvitations' query type */
export interface IRevokeClientInvitationsQuery {
  params: IRevokeClientInvitationsParams;
  result: IRevokeClientInvitationsResult;
}

/** 'FindInvitationByToken' parameters type */
export interface IFindInvitationByTokenParams {
  tokenHash: Buffer;
}

/** 'FindInvitationByToken' return type */
export interface IFindInvitationByTokenResult {
  acceptedAt: Date | null;
  accountId: string | null;
  clientId: string | null;
  email: string;
  expired: boolean;
  expiresAt: Date;
  id: string;
  invitedBy: string;
  providerId: string;
  providerName: string;
  revokedAt: Date | null;
  role: string;
}

/** 'FindInvitationByToken' query type */
export interface IFindInvitationByTokenQuery {
  params: IFindInvitationByTokenParams;
  result: IFindInvitationByTokenResult;
}

/** 'LockInvitationByToken' parameters type */
export interface ILockInvitationByTokenParams {
  tokenHash: Buffer;
}

/** 'LockInvitationByToken' return type */
export interface ILockInvitationByTokenResult {
  acceptedAt: Date | null;
  accountId: string | null;
  clientId: string | null;
  email: string;
  expired: boolean;
  expiresAt: Date;
  id: string;
  invitedBy: string;
  providerId: string;
  providerName: string;
  revokedAt: Date | null;
  role: string;
}

/** 'LockInvitationByToken' query type */
export interface ILockInvitationByTokenQuery {
  params: ILockInvitationByTokenParams;
  result: ILockInvitationByTokenResult;
}

/** 'MarkInvitationAccepted' parameters type */
export interface IMarkInvitationAcceptedParams {
  id: string;
  userId: string;
}

/** 'MarkInvitationAccepted' return type */
export type IMarkInvitationAcceptedResult = void;

/** 'MarkInvitationAccepted' query type */
export interface IMarkInvitationAcceptedQuery {
  params: IMarkInvitationAcceptedParams;
  result: IMarkInvitationAcceptedResult;
}
