/** Types generated for queries found in "services/identity/src/sessions/sessions.repository.ts" */

/** 'OpenSession' parameters type */
export interface IOpenSessionParams {
  csrfToken: string;
  id: string;
  impersonationId?: string | null | void;
  impersonatorId?: string | null | void;
  lifetimeSeconds: number;
  providerId?: string | null | void;
  tokenHash: Buffer;
  userId: string;
}

/** 'OpenSession' return type */
export type IOpenSessionResult = void;

/** 'OpenSession' query type */
export interface IOpenSessionQuery {
  params: IOpenSessionParams;
  result: IOpenSessionResult;
}

/** 'RevokeSessionOfToken' parameters type */
export interface IRevokeSessionOfTokenParams {
  tokenHash: Buffer;
}

/** 'RevokeSessionOfToken' return type */
export interface IRevokeSessionOfTokenResult {
  adminId: string;
  id: string;
  providerId: string;
}

/** 'RevokeSessionOfToken' query type */
export interface IRevokeSessionOfTokenQuery {
  params: IRevokeSessionOfTokenParams;
  result: IRevokeSessionOfTokenResult;
}

/** 'RevokeSessionsOfUser' parameters type */
export interface IRevokeSessionsOfUserParams {
  userId: string;
}

/** 'RevokeSessionsOfUser' return type */
export interface IRevokeSessionsOfUserResult {
  adminId: string;
  id: string;
  providerId: string;
}

/** 'RevokeSessionsOfUser' query type */
export interface IRevokeSessionsOfUserQuery {
  params: IRevokeSessionsOfUserParams;
  result: IRevokeSessionsOfUserResult;
}

/** 'ResolveSession' parameters type */
export interface IResolveSessionParams {
  tokenHash: Buffer;
}

/** 'ResolveSession' return type */
export interface IResolveSessionResult {
  clientId: string | null;
  csrfToken: string;
  impersonatorId: string | null;
  providerId: string | null;
  role: string | null;
  staffRole: string | null;
  userId: string;
}

/** 'ResolveSession' query type */
export interface IResolveSessionQuery {
  params: IResolveSessionParams;
  result: IResolveSessionResult;
}

/** 'MoveSessionToProvider' parameters type */
export interface IMoveSessionToProviderParams {
  providerId: string;
  tokenHash: Buffer;
  userId: string;
}

/** 'MoveSessionToProvider' return type */
export interface IMoveSessionToProviderResult {
  id: string;
}

/** 'MoveSessionToProvider' query type */
export interface IMoveSessionToProviderQuery {
  params: IMoveSessionToProviderParams;
  result: IMoveSessionToProviderResult;
}

/** 'SetSessionProvider' parameters type */
export interface ISetSessionProviderParams {
  providerId: string;
  tokenHash: Buffer;
  userId: string;
}

/** 'SetSessionProvider' return type */
export type ISetSessionProviderResult = void;

/** 'SetSessionProvider' query type */
export interface ISetSessionProviderQuery {
  params: ISetSessionProviderParams;
  result: ISetSessionProviderResult;
}
